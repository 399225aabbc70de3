// Reading `npm audit --json` (report format 2, npm 7 and later) for the audit step of npm test (tools/scripts/audit.mjs).
'use strict';

const BLOCKING = new Set(['high', 'critical']);

/**
 * What `npm audit --json` printed: `{ report }` when it is an audit report, otherwise `{ unavailable }` with the reason
 * (the advisory endpoint refused or could not be reached: npm then prints an error object, or nothing).
 */
function readAuditOutput(stdout, stderr = '') {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    const said = `${stdout}\n${stderr}`.split('\n').map((l) => l.trim()).filter(Boolean);
    return { unavailable: said.find((l) => /error/i.test(l)) ?? said[0] ?? 'npm audit printed nothing' };
  }
  if (parsed && parsed.auditReportVersion === 2 && parsed.vulnerabilities && typeof parsed.vulnerabilities === 'object') {
    return { report: parsed };
  }
  const reason = parsed?.message || parsed?.error?.summary || parsed?.error?.code || (parsed?.statusCode ? `HTTP ${parsed.statusCode}` : null);
  return { unavailable: reason ?? 'npm audit printed no audit report' };
}

/** The advisory's stable id: its GHSA id when the URL names one, otherwise the URL, otherwise npm's source number. */
function advisoryId(via) {
  const ghsa = /GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}/i.exec(via.url ?? '');
  if (ghsa) return ghsa[0];
  return via.url || `npm-${via.source}`;
}

/**
 * Every high or critical advisory in the report, once each (the same advisory reaches several packages through `via`
 * and `effects`; only the object entries of `via` are advisories, the strings name the dependency that carries one).
 */
function blockingAdvisories(report) {
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || !BLOCKING.has(via.severity)) continue;
      const id = advisoryId(via);
      if (!found.has(id)) found.set(id, { id, package: via.name, severity: via.severity, title: via.title, url: via.url, range: via.range });
    }
  }
  return [...found.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** Problems of the allow-list file: each entry needs an id, the package and a reason it is safe. */
function allowListProblems(allowList) {
  if (!allowList || !Array.isArray(allowList.advisories)) return ['the allow-list needs an "advisories" array'];
  const problems = [];
  allowList.advisories.forEach((entry, i) => {
    for (const field of ['id', 'package', 'reason']) {
      if (typeof entry?.[field] !== 'string' || entry[field].trim() === '') problems.push(`entry ${i + 1}: "${field}" is missing`);
    }
  });
  return problems;
}

/** Which advisories block (not allow-listed), which are allowed, and which allow-list entries no longer match anything. */
function judge(advisories, allowList) {
  const allowed = new Map(allowList.advisories.map((entry) => [entry.id.toUpperCase(), entry]));
  const blocking = advisories.filter((a) => !allowed.has(a.id.toUpperCase()));
  const accepted = advisories.filter((a) => allowed.has(a.id.toUpperCase())).map((a) => ({ ...a, reason: allowed.get(a.id.toUpperCase()).reason }));
  const present = new Set(advisories.map((a) => a.id.toUpperCase()));
  const unused = allowList.advisories.filter((entry) => !present.has(entry.id.toUpperCase()));
  return { blocking, accepted, unused };
}

module.exports = { readAuditOutput, blockingAdvisories, allowListProblems, judge };
