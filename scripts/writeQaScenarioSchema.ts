/**
 * `npm run schema:qa-scenario`: writes docs/qa-scenario.schema.json from the one schema the
 * workbench checks a QA scenario file with (mocks/scenarioFile.ts). A test fails while the two differ.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { qaScenarioSchemaText } from '../mocks/scenarioFile';

export const QA_SCENARIO_SCHEMA_FILE = resolve(__dirname, '../docs/qa-scenario.schema.json');

if (require.main === module) {
  writeFileSync(QA_SCENARIO_SCHEMA_FILE, qaScenarioSchemaText());
  console.log(`Wrote ${QA_SCENARIO_SCHEMA_FILE}.`);
}
