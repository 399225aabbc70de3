import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const QUESTIONS = 'apps/api/src/modules/questions';

/**
 * The question page is answers' (issue 45): `questions` reads its own tables and users/patients only, besides the
 * answers' texts its search index holds and their kinds counted for similar questions. These name an answer's detail.
 */
const ANSWER_DETAIL = /\b(?:ai_runs|research_runs|research_requests|answer_retraction_flags|research_retraction_flags|ratings_feedback|community_answer_meta|explanation_logic|search_method|expert_id|expert_name|ai_details)\b/;

const walk = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'eval' ? [] : walk(rel);
    return entry.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(entry.name) ? [rel] : [];
  });

describe("questions reads no answer's detail", () => {
  it('names none of the answer detail columns and tables in its production files', () => {
    const files = walk(QUESTIONS);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => ANSWER_DETAIL.test(fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('finds them where they are named', () => {
    expect(ANSWER_DETAIL.test("SELECT status FROM ai_runs WHERE question_id = ?")).toBe(true);
    expect(ANSWER_DETAIL.test('a.explanation_logic, a.sources')).toBe(true);
    expect(ANSWER_DETAIL.test('SELECT question_id, answer_text FROM cancer_answers')).toBe(false);
  });
});
