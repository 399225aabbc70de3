// Builds the external claim-support sets of apps/api/eval/answers/external/ from the public datasets'
// own repositories (read with git, so the commit is the one recorded in SOURCES.md). Training splits only.
//
//   node tools/scripts/claim-eval-external.mjs <Check-COVID git dir> <covidfact git dir> <MLE-capstone-project git dir>
//
// Check-COVID (posuer/Check-COVID, MIT): Check-COVID/train/covidCheck_train_composed+extracted.json with the abstracts
// of Check-COVID/corpus.json; the quotes are the annotated evidence sentences (for NOTENOUGHINFO too).
// SciFact (allenai/scifact: claims and annotations CC BY 4.0, abstracts ODC-By 1.0, its LICENSE.md since 2023-09-27):
// the training claims (claims_train.jsonl, as kept by jedick/MLE-capstone-project) and their rationale sentences, which asaakyan/covidfact's RTE-scifact/train.tsv holds one row per claim and evidence
// abstract in the same order; the abstracts themselves are a download, so a record's text is the rationale sentences
// known for that abstract. A not-enough-info claim is kept when an abstract it cites has known sentences; its quote is
// the one most like the claim, as a model quoting that abstract would pick.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const [checkCovid, covidfact, capstone] = process.argv.slice(2);
if (!capstone) {
  console.error('usage: node tools/scripts/claim-eval-external.mjs <Check-COVID git dir> <covidfact git dir> <MLE-capstone-project git dir>');
  process.exit(2);
}
const OUT = path.join(import.meta.dirname, '../../apps/api/eval/answers/external');
const MIN_QUOTE = 20; // the verifier's MIN_QUOTE_LENGTH

const show = (dir, file) => execFileSync('git', ['-C', dir, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
const head = (dir) => execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const jsonl = (text) => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const words = (text) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
const overlap = (a, b) => [...words(a)].filter((w) => w.length > 3 && words(b).has(w)).length;
/** FNV-1a: a stable pick of abstracts that does not depend on their labels. */
const hash = (text) => [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);

/** Sentences of a passage, short pieces joined to their neighbour so every quote can be checked. */
function sentences(passage) {
  const out = [];
  for (const piece of passage.split(/(?<=[.!?])\s+(?=[A-Z(])/)) {
    if (out.length && (out[out.length - 1].length < MIN_QUOTE || piece.length < MIN_QUOTE)) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  return out.filter((s) => s.length >= MIN_QUOTE);
}

function write(name, body) {
  const lines = [
    '{',
    ...Object.entries(body.meta).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`),
    '  "records": {',
    Object.entries(body.records).map(([id, r]) => `    ${JSON.stringify(id)}: ${JSON.stringify(r)}`).join(',\n'),
    '  },',
    '  "claims": [',
    body.claims.map((c) => `    ${JSON.stringify(c)}`).join(',\n'),
    '  ]',
    '}',
  ];
  writeFileSync(path.join(OUT, name), `${lines.join('\n')}\n`);
  const by = body.claims.reduce((acc, c) => ({ ...acc, [c.label]: (acc[c.label] ?? 0) + 1 }), {});
  console.log(`${name}: ${body.claims.length} claims ${JSON.stringify(by)}, ${Object.keys(body.records).length} records`);
}

// --- Check-COVID ------------------------------------------------------------------------------------------------
{
  const corpus = new Map(jsonl(show(checkCovid, 'Check-COVID/corpus.json')).map((d) => [d.cord_id, d]));
  const records = {};
  const claims = [];
  const LABELS = { SUPPORT: 'SUPPORT', REFUTE: 'REFUTE', NOTENOUGHINFO: 'NEI' };
  for (const c of jsonl(show(checkCovid, 'Check-COVID/train/covidCheck_train_composed+extracted.json'))) {
    const doc = corpus.get(c.cord_id);
    // Half of the abstracts, with all their claims, keeps the file small.
    if (!doc || hash(c.cord_id) % 2 !== 0) continue;
    const quotes = [...new Set(c.evidence_set.map((e) => doc.abstract[e.sent_index]).filter((s) => s && s.trim().length >= MIN_QUOTE))].map((s) => s.trim());
    if (quotes.length === 0) continue;
    records[c.cord_id] = { title: doc.title, text: doc.abstract.map((s) => s.trim()).join(' ') };
    claims.push({ id: c.id, label: LABELS[c.label], claim: c.claim.trim(), record: c.cord_id, quotes });
  }
  write('check-covid-train.json', {
    meta: { dataset: 'Check-COVID', split: 'train', repository: 'https://github.com/posuer/Check-COVID', commit: head(checkCovid), licence: 'MIT' },
    records,
    claims,
  });
}

// --- SciFact -----------------------------------------------------------------------------------------------------
{
  const unquote = (cell) => (/^".*"$/s.test(cell) ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  const rows = show(covidfact, 'RTE-scifact/train.tsv').split('\n').slice(1).filter((l) => l.trim()).map((l) => l.split('\t'));
  const claims = jsonl(show(capstone, 'data/scifact/claims_train.jsonl'));
  const pairs = claims.flatMap((c) => Object.entries(c.evidence).map(([doc, sets]) => ({ c, doc, label: sets[0].label })));
  if (pairs.length !== rows.length) throw new Error(`RTE-scifact has ${rows.length} rows for ${pairs.length} claim–abstract pairs`);
  const passages = new Map();
  const items = pairs.map(({ c, doc, label }, i) => {
    const [, evidence, claim, entailment] = rows[i].map(unquote);
    if (claim.trim() !== c.claim.trim() || (entailment === 'entailment') !== (label === 'SUPPORT')) throw new Error(`row ${i + 1} is not claim ${c.id}`);
    passages.set(doc, [...new Set([...(passages.get(doc) ?? []), ...sentences(evidence.trim())])]);
    return { id: `${c.id}-${doc}`, label: label === 'SUPPORT' ? 'SUPPORT' : 'REFUTE', claim: c.claim.trim(), record: doc, quotes: sentences(evidence.trim()) };
  });
  for (const c of claims.filter((c) => Object.keys(c.evidence).length === 0)) {
    for (const doc of c.cited_doc_ids.map(String).filter((d) => passages.has(d))) {
      const best = [...passages.get(doc)].sort((a, b) => overlap(c.claim, b) - overlap(c.claim, a))[0];
      if (best) items.push({ id: `${c.id}-${doc}`, label: 'NEI', claim: c.claim.trim(), record: doc, quotes: [best] });
    }
  }
  const records = Object.fromEntries([...passages].map(([doc, texts]) => [doc, { title: '', text: texts.join(' ') }]));
  write('scifact-train.json', {
    meta: {
      dataset: 'SciFact',
      split: 'train',
      repository: 'https://github.com/allenai/scifact',
      licence: 'claims CC BY 4.0, abstract sentences ODC-By 1.0',
      claimsFrom: `https://github.com/jedick/MLE-capstone-project data/scifact/claims_train.jsonl @ ${head(capstone)}`,
      sentencesFrom: `https://github.com/asaakyan/covidfact RTE-scifact/train.tsv @ ${head(covidfact)}`,
    },
    records,
    claims: items.filter((c) => c.quotes.length > 0),
  });
}
