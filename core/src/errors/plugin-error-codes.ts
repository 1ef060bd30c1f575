import { ERROR_CODES, type ErrorCodeDefinition } from './error-codes';

/** A code a plugin owns, as its GatewayErrors carry it: the code clients see and what it means. */
export interface PluginErrorCode<Code extends string = string> extends ErrorCodeDefinition {
  readonly code: Code;
}

/** A plugin's table of codes, by code. */
export type PluginErrorCodes<Codes extends string = string> = { readonly [C in Codes]: PluginErrorCode<C> };

/**
 * Makes a plugin's error codes from a table like core's ERROR_CODES. The plugin raises
 * them as `new GatewayError(CODES.my_code, message)` and registers the table at load
 * (PluginApi.registerErrorCodes), so a code has one owner across the loaded plugins.
 */
export function defineErrorCodes<Codes extends string>(table: { readonly [C in Codes]: ErrorCodeDefinition }): PluginErrorCodes<Codes> {
  const codes = {} as Record<string, PluginErrorCode>;
  for (const [code, definition] of Object.entries<ErrorCodeDefinition>(table)) {
    if (!/^[a-z][a-z0-9_]*$/.test(code)) throw new Error(`error code "${code}" must be snake_case (a-z, 0-9, _)`);
    if (Object.hasOwn(ERROR_CODES, code)) throw new Error(`error code "${code}" is core's; a plugin defines only codes of its own`);
    codes[code] = Object.freeze({ code, status: definition.status, type: definition.type, summary: definition.summary });
  }
  return Object.freeze(codes) as PluginErrorCodes<Codes>;
}

/**
 * The error codes the loaded plugins registered, each with its owner: a code two plugins
 * register is a start error naming both, since a client could not tell which one spoke.
 */
export class ErrorCodeTable {
  private readonly owners = new Map<string, { owner: string; definition: PluginErrorCode }>();

  register(owner: string, codes: PluginErrorCodes | readonly PluginErrorCode[]): void {
    for (const definition of Array.isArray(codes) ? codes : Object.values<PluginErrorCode>(codes as PluginErrorCodes)) {
      const taken = this.owners.get(definition.code);
      if (taken && taken.owner !== owner) {
        throw new Error(`plugin "${owner}" registers error code "${definition.code}", which plugin "${taken.owner}" already registered`);
      }
      this.owners.set(definition.code, { owner, definition });
    }
  }

  /** The owner and meaning of a registered code. */
  get(code: string): { owner: string; definition: PluginErrorCode } | undefined {
    return this.owners.get(code);
  }

  /** Every registered code, in registration order. */
  all(): Array<{ owner: string; definition: PluginErrorCode }> {
    return [...this.owners.values()];
  }
}
