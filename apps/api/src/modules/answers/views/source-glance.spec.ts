import { glanceRowsOf, ratingRows, requestOf } from './source-glance';

/** What MariaDB's AVG of whole numbers returns: the exact mean rounded half away from zero to 4 decimals, as text. */
function sqlAverage(ratings: number[]): string {
  const sum = BigInt(ratings.reduce((a, b) => a + b, 0));
  const n = BigInt(ratings.length);
  const scaled = (sum * 20000n + n) / (2n * n); // floor(sum * 10^4 / n + 1/2)
  return `${scaled / 10000n}.${String(scaled % 10000n).padStart(4, '0')}`;
}

const answerRow = (id: number, kind: string, ratings: number[]) => ({
  answer_id: String(id), answer_type: kind, rating_count: String(ratings.length), average_rating: ratings.length ? sqlAverage(ratings) : null,
});

describe('ratingRows', () => {
  it('gives each kind the average of all its ratings, as the grouped SQL AVG would, not the mean of its answers', () => {
    const rows = ratingRows([answerRow(1, 'expert', [5]), answerRow(2, 'expert', [2, 4]), answerRow(3, 'ai', []), answerRow(4, 'quora', [1, 2, 2])]);
    expect(rows).toEqual([
      { row_kind: 'rating', kind: 'expert', rating_count: 3, average_rating: Number(sqlAverage([5, 2, 4])) },
      { row_kind: 'rating', kind: 'quora', rating_count: 3, average_rating: Number(sqlAverage([1, 2, 2])) },
    ]);
  });

  it('equals the SQL average over many random questions, including large counts', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let q = 0; q < 500; q++) {
      const answers = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({
        kind: random() < 0.5 ? 'expert' : 'ai',
        ratings: Array.from({ length: Math.floor(random() * (q % 10 === 0 ? 9000 : 12)) }, () => 1 + Math.floor(random() * 5)),
      }));
      const rows = ratingRows(answers.map((a, i) => answerRow(i + 1, a.kind, a.ratings)))!;
      for (const kind of ['expert', 'ai']) {
        const all = answers.filter((a) => a.kind === kind).flatMap((a) => a.ratings);
        const row = rows.find((r) => r.kind === kind);
        if (all.length === 0) expect(row).toBeUndefined();
        else expect(row).toEqual({ row_kind: 'rating', kind, rating_count: all.length, average_rating: Number(sqlAverage(all)) });
      }
    }
  });

  it('counts an answer once, and gives up (null: read them) when an answer has too many ratings to sum exactly', () => {
    const one = answerRow(1, 'expert', [4, 5]);
    expect(ratingRows([one, one])).toEqual([{ row_kind: 'rating', kind: 'expert', rating_count: 2, average_rating: 4.5 }]);
    expect(ratingRows([{ answer_id: 1, answer_type: 'expert', rating_count: 10_000, average_rating: '3.1234' }])).toBeNull();
    expect(ratingRows([{ answer_id: null, answer_type: null, rating_count: 0, average_rating: null }])).toEqual([]);
  });
});

describe('glanceRowsOf and requestOf', () => {
  it('reads the runs, the grade and the request from JSON text (MariaDB) or objects (MySQL 8)', () => {
    const rows = glanceRowsOf({
      ai_run: '{"status": "running", "stage": "generating"}',
      research_run: { status: 'completed', stage: 'done' },
      grade: 'moderate',
      request: '{"status": "approved", "run_status": "running", "run_stage": "search", "published": 0}',
    });
    expect(rows).toEqual([
      { row_kind: 'run', kind: 'ai', status: 'running', stage: 'generating' },
      { row_kind: 'run', kind: 'deep_research', status: 'completed', stage: 'done' },
      { row_kind: 'grade', kind: 'deep_research', grade: 'moderate' },
      { row_kind: 'request', kind: 'deep_research', status: 'approved', stage: 'search', run_status: 'running', published: 0 },
    ]);
    expect(glanceRowsOf({ ai_run: null, research_run: null, grade: null, request: null })).toEqual([]);
    expect(requestOf(glanceRowsOf({ ai_run: null, research_run: null, grade: null, request: { status: 'cancelled', run_status: null, run_stage: null, published: 0 } }))).toBeNull();
    expect(requestOf([])).toBeNull();
  });
});
