/**
 * Which paths of the build context a `.dockerignore` keeps, by Docker's rules: patterns are
 * slash-separated paths relative to the context, `*` and `?` stay within one path segment, `**`
 * spans any number of segments, a pattern that matches a folder excludes everything under it,
 * `!` re-includes, and the last pattern that matches a path decides.
 */
export interface DockerIgnore {
  /** Whether the build context keeps this path (relative to the context, slash-separated). */
  keeps(path: string): boolean;
}

export function parseDockerIgnore(text: string): DockerIgnore {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = clean(negated ? line.slice(1).trim() : line);
      return { negated, regex: new RegExp(`^${toRegex(pattern)}$`) };
    });
  return {
    keeps(path: string): boolean {
      const candidates = ancestorsAndSelf(clean(path));
      let excluded = false;
      for (const rule of rules) {
        if (candidates.some((candidate) => rule.regex.test(candidate))) excluded = !rule.negated;
      }
      return !excluded;
    },
  };
}

/** Docker cleans each pattern as a path: no leading `/` or `./`, no trailing `/`. */
function clean(pattern: string): string {
  return pattern.replace(/^(\.?\/)+/, '').replace(/\/+$/, '') || '.';
}

/** `a/b/c` -> `a`, `a/b`, `a/b/c`: a pattern that matches a parent folder covers the path. */
function ancestorsAndSelf(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

function toRegex(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      // `**/` may match no folder at all; a final `**` anything below.
      if (pattern[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (char === '*') {
      out += '[^/]*';
    } else if (char === '?') {
      out += '[^/]';
    } else {
      out += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return out;
}
