// Finds the tables a server source file writes (INSERT, REPLACE, UPDATE, DELETE in its SQL, and TypeORM writes through
// an entity's repository, manager or query builder). The table-ownership spec (tools/lint/table-ownership.spec.ts)
// holds the result against TABLE_OWNERS in server-modules.mjs. SQL is read in the house style: upper-case keywords.

const SQL_WRITES = [
  /\bINSERT\s+(?:IGNORE\s+)?INTO\s+`?([a-z_][a-z0-9_]*)/g,
  /\bREPLACE\s+INTO\s+`?([a-z_][a-z0-9_]*)/g,
  // Not "ON DUPLICATE KEY UPDATE col = ...": that writes the INSERT's own table.
  /(?<!KEY\s+)\bUPDATE\s+`?([a-z_][a-z0-9_]*)/g,
  // "DELETE FROM t" and MySQL's multi-table "DELETE t FROM t JOIN ...".
  /\bDELETE\s+(?:[a-z_][a-z0-9_]*(?:\s*,\s*[a-z_][a-z0-9_]*)*\s+)?FROM\s+`?([a-z_][a-z0-9_]*)/g,
];
const WRITE_METHODS = 'save|insert|update|delete|remove|upsert|softDelete|increment|decrement';

/** `@Entity('table') ... export class XEntity` pairs of one file's text. */
export function entityTables(text) {
  const map = {};
  for (const m of text.matchAll(/@Entity\(\s*['"]([a-z_][a-z0-9_]*)['"][^)]*\)\s*(?:@[^\n]*\n\s*)*export\s+class\s+(\w+)/g)) map[m[2]] = m[1];
  return map;
}

/**
 * The tables `text` writes, each with the first line that does, among `tables` (names of the schema: other words after
 * UPDATE in prose or in template holes are ignored). `entities` maps entity class names to their tables.
 */
export function tableWrites(text, tables, entities) {
  const known = new Set(tables);
  const found = new Map();
  const note = (table, index) => {
    if (!known.has(table) || found.has(table)) return;
    found.set(table, text.slice(0, index).split('\n').length);
  };
  for (const pattern of SQL_WRITES) for (const m of text.matchAll(pattern)) note(m[1], m.index);
  const entityNames = Object.keys(entities).join('|');
  if (entityNames) {
    // A repository obtained for an entity, in a file that calls a write method: the file writes that entity's table.
    const obtained = [...text.matchAll(new RegExp(`(?:InjectRepository|getRepository)\\(\\s*(${entityNames})\\s*\\)`, 'g'))];
    const writes = new RegExp(`\\.(?:${WRITE_METHODS})\\(`).exec(text);
    if (writes) for (const m of obtained) note(entities[m[1]], writes.index);
    // manager.save(XEntity, ...), queryBuilder.insert().into(XEntity), .update(XEntity), .delete().from(XEntity).
    const direct = new RegExp(`\\.(?:${WRITE_METHODS}|into|from)\\(\\s*(${entityNames})\\b`, 'g');
    for (const m of text.matchAll(direct)) {
      if (/\.from\($/.test(text.slice(m.index, m.index + 6)) && !/\.delete\(\)\s*$/.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
      note(entities[m[1]], m.index);
    }
  }
  return [...found].map(([table, line]) => ({ table, line }));
}
