import { describe, expect, it } from 'vitest';
import { guidelineRulesChoices } from './reading-rules-choices';

describe("the subtitle editor's reading-rules choices", () => {
  it('offers each guideline with the reading speed it asks for (the default speed when it sets none), marking the run’s', () => {
    const choices = guidelineRulesChoices(
      [
        { id: '4', attributes: { name: 'Children', isDefault: true, parameters: { maxCharsPerSecond: 12 } } },
        { id: '5', attributes: { name: 'Plain', isDefault: false, parameters: {} } },
      ],
      20,
      '5',
    );
    expect(choices).toEqual([
      {
        id: '4',
        label: 'Children (12 characters a second)',
        rules: { maxCharsPerSecond: 12 },
        isDefault: true,
        isRun: false,
      },
      { id: '5', label: 'Plain (20 characters a second)', rules: {}, isDefault: false, isRun: true },
    ]);
  });
});
