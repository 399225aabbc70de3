import { strictSchemaProblem } from '../../../../../../tools/fake-ai/fake-ai-server';
import { toJsonSchema } from '../../ai/provider/ai-provider';
import { extractionReplySchema, planReplySchema, reportReplySchema, screeningReplySchema } from './research.schemas';

describe('deep research reply schemas', () => {
  it.each([
    ['research_plan', planReplySchema],
    ['research_screening', screeningReplySchema],
    ['research_extraction', extractionReplySchema],
    ['research_report', reportReplySchema],
  ] as const)('%s passes OpenAI strict json_schema validation (every object closed, every property required)', (name, schema) => {
    expect(strictSchemaProblem({ response_format: { type: 'json_schema', json_schema: { name, schema: toJsonSchema(schema), strict: true } } })).toBeNull();
  });
});
