import { decodeResponsesTools, flatName } from './responses-tools';

describe('decodeResponsesTools', () => {
  it('keeps function tools, flattens namespaces, drops built-in tools once each in order', () => {
    const { tools, names, dropped } = decodeResponsesTools([
      { type: 'web_search', external_web_access: false },
      { type: 'function', name: 'exec_command' },
      { type: 'namespace', name: 'mcp.files', tools: [{ type: 'function', name: 'read' }, { type: 'custom', name: 'patch' }] },
      { type: 'file_search' },
      { type: 'web_search' },
    ]);
    expect(tools.map((t) => t.name)).toEqual(['exec_command', 'mcp_files__read']);
    expect(dropped).toEqual(['web_search', 'custom', 'file_search']);
    expect(names.namespaced.get('mcp_files__read')).toEqual({ namespace: 'mcp.files', name: 'read' });
    expect(names.flatten('mcp.files', 'read')).toBe('mcp_files__read');
  });

  it('makes a flattened name unique and short enough when the plain one is taken or too long', () => {
    const { tools, names } = decodeResponsesTools([
      { type: 'function', name: 'ns__run' },
      { type: 'namespace', name: 'ns', tools: [{ type: 'function', name: 'run' }] },
    ]);
    const flat = tools[1].name;
    expect(flat).not.toBe('ns__run');
    expect(flat).toMatch(/^ns__run_[0-9a-f]{8}$/);
    expect(names.namespaced.get(flat)).toEqual({ namespace: 'ns', name: 'run' });
    const long = flatName('n'.repeat(40), 'f'.repeat(40), new Set());
    expect(long.length).toBe(64);
    expect(long).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
