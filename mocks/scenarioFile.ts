/**
 * QA's own scenarios as JSON files: a name, the built-in scenario whose answers it starts from, and,
 * each if wanted, a seed (a whole store), faults per call and a clock. Loaded from the workbench, a
 * file is checked first, and what does not hold is said with the field and what it accepts. Its JSON
 * Schema (for an editor's checks as QA writes one) is docs/qa-scenario.schema.json, written from
 * this one by `npm run schema:qa-scenario`.
 */
import { Type } from '@sinclair/typebox';
import { DbSnapshot } from '../contract/snapshot';
import { parseClock, type ClockSetting } from './clock';
import { readFaultRules, type FaultRule } from './faultRules';
import { SCENARIO_NAMES, type ScenarioName } from './scenarios';
import { readFileValue, StoreFileError, storeThatHolds } from './storeFile';

export const QaScenarioFile = Type.Object({
  $schema: Type.Optional(Type.String()),
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', description: 'How the workbench names it: lower-case letters, digits and dashes, up to 40.' }),
  description: Type.Optional(Type.String({ maxLength: 500, description: 'What QA will see.' })),
  base: Type.Optional(Type.Union(SCENARIO_NAMES.map((name) => Type.Literal(name)), { description: 'The built-in scenario whose answers it starts from (default: "default").' })),
  // The whole store to start from, as the workbench exports it (default: the base's seed).
  seed: Type.Optional(DbSnapshot),
  faults: Type.Optional(Type.Array(Type.Object({
    route: Type.String({ description: 'A route of the contract\'s table, as METHOD /path.' }),
    answer: Type.Union([Type.Integer(), Type.Literal('network-failure'), Type.Literal('never'), Type.Object({ delayMs: Type.Integer({ minimum: 1, maximum: 60_000 }) })]),
    times: Type.Optional(Type.Union([Type.Literal('always'), Type.Literal('once'), Type.Object({ next: Type.Integer({ minimum: 1 }) }), Type.Object({ share: Type.Integer({ minimum: 1, maximum: 99 }) })])),
  }), { description: 'Faults per call, as the workbench and ?faults= take them.' })),
  clock: Type.Optional(Type.String({ description: 'An instant to freeze at (2025-06-01T12:00:00Z) or a shift from now (+2d, -3h).' })),
}, { additionalProperties: false, title: 'A SocialConnect QA scenario' });

/** A file that holds: its parts read as the workbench takes them. */
export interface QaScenario {
  name: string;
  description?: string;
  base: ScenarioName;
  seed?: DbSnapshot;
  faults: FaultRule[];
  clock: ClockSetting | null;
}

/** The scenario a file holds, or a StoreFileError that says what does not hold and where. */
export function readScenarioFile(text: string): QaScenario {
  const value = readFileValue(QaScenarioFile, text, 'a QA scenario file: docs/qa-scenario.schema.json says what one holds');
  const read = <T>(part: () => T): T => {
    try {
      return part();
    } catch (error) {
      throw new StoreFileError(error instanceof Error ? error.message : String(error));
    }
  };
  return {
    name: value.name,
    ...(value.description ? { description: value.description } : {}),
    base: value.base ?? 'default',
    ...(value.seed ? { seed: storeThatHolds(value.seed) } : {}),
    faults: read(() => readFaultRules(value.faults ?? [], 'The file\'s faults')),
    clock: value.clock === undefined ? null : read(() => parseClock(value.clock!, 'The file\'s clock')),
  };
}

/** The JSON Schema's text, as docs/qa-scenario.schema.json holds it. */
export function qaScenarioSchemaText(): string {
  return `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...QaScenarioFile }, null, 2)}\n`;
}
