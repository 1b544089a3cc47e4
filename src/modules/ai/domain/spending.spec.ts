import { creditsSpentFor } from './spending';

describe('creditsSpentFor (decisions §15)', () => {
  it('spends the credits whenever the provider reported token usage', () => {
    expect(creditsSpentFor(1)).toBe(true);
    expect(creditsSpentFor(800)).toBe(true);
  });

  it('gives them back only when no token was used or none was reported', () => {
    expect(creditsSpentFor(0)).toBe(false);
    expect(creditsSpentFor(null)).toBe(false);
  });
});
