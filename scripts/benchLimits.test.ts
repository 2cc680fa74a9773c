import { BenchLimits } from './benchLimits';

describe('the bench verdict', () => {
  it('passes when every figure is within its limit', () => {
    const limits = new BenchLimits();
    expect(limits.check('/login total', 150, 160)).toBe('');
    expect(limits.check('latest at 10,000 posts', 50, 50)).toBe('');
    expect(limits.exitCode()).toBe(0);
    expect(limits.summary()).toBe('Every figure is within its limit.');
  });

  it('fails, naming each figure over its limit', () => {
    const limits = new BenchLimits();
    expect(limits.check('/login total', 170.4, 160)).toBe('  OVER LIMIT');
    limits.check('latest at 10,000 posts', 12, 50);
    limits.check('other cards re-rendered', 3, 0);
    expect(limits.failures).toEqual(['/login total', 'other cards re-rendered']);
    expect(limits.exitCode()).toBe(1);
    expect(limits.summary()).toBe('Over the limit (2): /login total; other cards re-rendered');
  });

  it('fails when a figure could not be measured', () => {
    const limits = new BenchLimits();
    limits.notMeasured('/login JavaScript');
    expect(limits.exitCode()).toBe(1);
    expect(limits.summary()).toBe('Over the limit (1): /login JavaScript (not measured)');
  });
});
