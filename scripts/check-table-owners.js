#!/usr/bin/env node
/**
 * Every table has one writer (docs/architecture.md, "Where SQL lives"): fails when a module's code
 * (src/modules/<module>/, specs aside) holds an INSERT INTO, UPDATE … SET, DELETE FROM or COPY … FROM
 * naming a table that src/infra/database/table-owners.json gives to another owner, and when a
 * table created in migrations/ has no owner there. Run by `npm run lint`.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const modulesDir = path.join(root, 'src/modules');
const { $comment: _comment, ...owners } = JSON.parse(fs.readFileSync(path.join(root, 'src/infra/database/table-owners.json'), 'utf8'));
const failures = [];

// SQL keywords are upper case in this code base; a table name may be quoted or schema-qualified.
const NAME = String.raw`(?:public\.)?"?([a-z_][a-z0-9_]*)"?`;
const WRITES = [
  new RegExp(String.raw`\bINSERT\s+INTO\s+${NAME}`, 'g'),
  new RegExp(String.raw`\bUPDATE\s+(?:ONLY\s+)?${NAME}(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?\s+SET\b`, 'g'),
  new RegExp(String.raw`\bDELETE\s+FROM\s+(?:ONLY\s+)?${NAME}`, 'g'),
  new RegExp(String.raw`\bCOPY\s+${NAME}(?:\s*\([^)]*\))?\s+FROM\b`, 'g'),
];

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

for (const module of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  for (const file of filesUnder(path.join(modulesDir, module.name))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of WRITES) {
      for (const match of text.matchAll(pattern)) {
        const table = match[1];
        const owner = owners[table];
        if (owner === undefined || owner === module.name) continue;
        const line = text.slice(0, match.index).split('\n').length;
        failures.push(`${path.relative(root, file)}:${line}: module ${module.name} writes table ${table}, owned by ${owner}`);
      }
    }
  }
}

const migrations = path.join(root, 'migrations');
for (const file of fs.readdirSync(migrations).filter((name) => name.endsWith('.ts'))) {
  const text = fs.readFileSync(path.join(migrations, file), 'utf8');
  for (const match of text.matchAll(/\bCREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi)) {
    if (owners[match[1]] === undefined)
      failures.push(`migrations/${file}: table ${match[1]} has no owner in src/infra/database/table-owners.json`);
  }
}

if (failures.length > 0) {
  console.error(`Table ownership (src/infra/database/table-owners.json):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`Table ownership: every write in src/modules/ is its table's owner's (${Object.keys(owners).length} tables).`);
