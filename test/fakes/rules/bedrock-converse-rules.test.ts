import { converseShapeBroken } from './bedrock-converse-rules';

const withPoint = (cachePoint: unknown) => ({ messages: [{ role: 'user', content: [{ text: 'U' }, { cachePoint }] }] });

describe('Converse cachePoint shape (the fake\'s rule)', () => {
  it('takes type "default" with an optional ttl of 5m or 1h', () => {
    expect(converseShapeBroken(withPoint({ type: 'default' }))).toBeUndefined();
    expect(converseShapeBroken(withPoint({ type: 'default', ttl: '5m' }))).toBeUndefined();
    expect(converseShapeBroken(withPoint({ type: 'default', ttl: '1h' }))).toBeUndefined();
  });

  it('refuses another ttl, another type or another member', () => {
    for (const point of [{ type: 'default', ttl: '2h' }, { type: 'ephemeral' }, { type: 'default', scope: 'x' }]) {
      expect(converseShapeBroken(withPoint(point))).toMatch(/cachePoint must be/);
    }
  });
});
