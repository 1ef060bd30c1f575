export { BUILTIN_PLUGINS, BUILTIN_PLUGINS_FILE, readBuiltinPlugins } from './builtin-plugins';
