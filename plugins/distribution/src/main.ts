#!/usr/bin/env node
import { runCli } from '@model-gateway/core/internal';
import { BUILTIN_PLUGINS } from './builtin-plugins';

// The distribution's entry point (`npm start`, the model-gateway bin): core's CLI with this distribution's plugins.
void runCli(process.argv.slice(2), { builtinPlugins: BUILTIN_PLUGINS });
