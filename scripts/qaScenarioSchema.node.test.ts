import { readFileSync } from 'node:fs';
import { qaScenarioSchemaText } from '../mocks/scenarioFile';
import { QA_SCENARIO_SCHEMA_FILE } from './writeQaScenarioSchema';

describe("the QA scenario file's JSON Schema in docs/", () => {
  it('is the one the workbench checks files with (npm run schema:qa-scenario writes it)', () => {
    expect(readFileSync(QA_SCENARIO_SCHEMA_FILE, 'utf8')).toBe(qaScenarioSchemaText());
  });
});
