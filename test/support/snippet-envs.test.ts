import { installLineOf } from './run-snippet';
import { exampleInstallLines, installedPackages } from './snippet-envs';

/** The parts of the fresh snippet environments that decide what gets installed. */
describe('snippet environments', () => {
  it('install exactly the packages a plain install line names, and refuse flags, paths and other text', () => {
    expect(installedPackages('python', 'pip install requests')).toEqual(['requests']);
    expect(installedPackages('python', 'pip install openai google-genai')).toEqual(['google-genai', 'openai']);
    expect(installedPackages('javascript', 'npm install @anthropic-ai/sdk')).toEqual(['@anthropic-ai/sdk']);
    expect(installedPackages('javascript', undefined)).toEqual([]);
    for (const [language, line] of [['python', 'pip install -e .'], ['python', 'pip install -r x.txt'], ['python', 'pip3 install openai'], ['javascript', 'npm install --global x'], ['javascript', 'npm install ../x'], ['javascript', 'npm i openai']] as const) {
      expect(() => installedPackages(language, line)).toThrow('not a plain');
    }
  });

  it("prepare one environment per distinct install line of the UI's examples", () => {
    expect(exampleInstallLines()).toEqual([
      { language: 'python', line: 'pip install requests' },
      { language: 'javascript', line: undefined },
      { language: 'python', line: 'pip install openai' },
      { language: 'javascript', line: 'npm install openai' },
      { language: 'python', line: 'pip install anthropic' },
      { language: 'javascript', line: 'npm install @anthropic-ai/sdk' },
      { language: 'python', line: 'pip install google-genai' },
      { language: 'javascript', line: 'npm install @google/genai' },
    ]);
  });

  it("read the install line from an example's note, and fail on a note of another shape", () => {
    expect(installLineOf('Install: pip install openai')).toBe('pip install openai');
    expect(installLineOf(' Nothing to install: fetch is built into Node.js. ')).toBeUndefined();
    expect(() => installLineOf('pip install openai')).toThrow('install note');
    expect(() => installLineOf(null)).toThrow('install note');
  });
});
