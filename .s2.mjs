import { buildClientSchema, isEnumType } from 'graphql'
import { gunzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
const json = JSON.parse(gunzipSync(readFileSync('tests/contracts/shopify/admin_2026-10.json.gz')))
const s = buildClientSchema(json.data)
const m = s.getMutationType().getFields(), q = s.getQueryType().getFields()
const want = process.argv.slice(2)
for (const n of want) {
  if (m[n]) console.log('M', n, m[n].args.map(a=>`${a.name}: ${a.type}`).join(', '), '=>', String(m[n].type))
  else if (q[n]) console.log('Q', n, q[n].args.map(a=>`${a.name}: ${a.type}`).join(', '), '=>', String(q[n].type))
  else { const [tn, ...fs] = n.split('.'); const t = s.getType(tn); if (!t) { console.log('none', n); continue }
    if (isEnumType(t)) console.log('E', n, t.getValues().map(v=>v.name).join(' '))
    else console.log('T', tn, Object.values(t.getFields()).filter(f=>!f.deprecationReason && (!fs.length || fs.includes(f.name))).map(f=>`${f.name}${f.args?.length? '('+f.args.map(a=>a.name+':'+a.type).join(',')+')':''}: ${f.type}`).join('; '))
  }
}
