import { arrivingHops, checkArrivingHops, MAX_HOPS, upstreamHops } from './gateway-hops';

describe('gateway hops', () => {
  it.each([
    [undefined, 0],
    ['0', 0],
    ['3', 3],
    [' 2 ', 2],
    ['1, 3', 3],
    ['99999999999999999999', 1e20],
  ])('reads %p as %p', (value, hops) => {
    expect(arrivingHops(value === undefined ? {} : { 'x-gateway-hops': value })).toBe(hops);
  });

  it.each(['', '-1', '1.5', 'abc', '0x3', '1e3', '2, x'])('calls %p malformed', (value) => {
    expect(arrivingHops({ 'x-gateway-hops': value })).toBeUndefined();
    expect(() => checkArrivingHops({ 'x-gateway-hops': value })).toThrow(expect.objectContaining({ code: 'invalid_parameter', status: 400, param: 'x-gateway-hops' }));
  });

  it(`lets a request through below ${MAX_HOPS} hops and refuses it at ${MAX_HOPS} with 508 loop_detected`, () => {
    for (let hops = 0; hops < MAX_HOPS; hops++) expect(() => checkArrivingHops({ 'x-gateway-hops': String(hops) })).not.toThrow();
    expect(() => checkArrivingHops({})).not.toThrow();
    for (const value of [String(MAX_HOPS), '1000', `0, ${MAX_HOPS}`]) {
      expect(() => checkArrivingHops({ 'x-gateway-hops': value })).toThrow(expect.objectContaining({ code: 'loop_detected', status: 508 }));
    }
  });

  it('sends one more than arrived; a client cannot lower the count below what it claimed', () => {
    expect(upstreamHops({})).toBe('1');
    expect(upstreamHops({ 'x-gateway-hops': '2' })).toBe('3');
    expect(upstreamHops({ 'x-gateway-hops': '0, 2' })).toBe('3');
    expect(upstreamHops({ 'x-gateway-hops': 'bogus' })).toBe(String(MAX_HOPS + 1));
  });
});
