// The agenda against strangers (decision 038, DESIGN.md's "Abuse" numbers), from one run:
// 1. a one-/48 attacker replaying what the booking page sends (the free times, the booking,
//    the e-mail function with the token it answered) from 40 /64s, every half hour of a whole
//    day (48 rounds; between rounds the holds nobody confirmed reach their end, in SQL): the
//    share of the free times and of the day's meetings still bookable at the attack's worst
//    moment, against the same agenda before the attack, and whether a visitor of another
//    network then books;
// 2. the mail cannon: strangers on 200 networks (100 IPv6 /48s, 100 IPv4 /24s) booking with one
//    victim's address in four spellings, trying five moves and a cancel each, three rounds:
//    what the victim's inbox, the company's inbox and a webhook receiver get, counted by a real
//    SMTP server and HTTP receiver once every sweep has run;
// 4. attackers holding k /48s (k = 1, 5, 18, 25; all in one provider's /32, or each in a /32 of
//    its own), replaying the page from several /64s of each for one hold period: the free times
//    and meetings still bookable, against the same agenda before, and whether a visitor of
//    another network then books (decision 059);
// 5. one /56 sending the contact form from 101 /64s, and one /48 from 101 /56s, as fast as the
//    server answers: how many leads get through, against 101 unrelated networks in the same run;
// 3. an honest visitor's friction, in Chromium on a phone with the CPU 4× slower and Lighthouse's
//    mobile network (150 ms, 1.6 Mb/s down): the booking itself (load /agendar, pick, type,
//    send, the time held) against the step it adds (open the e-mail's link with nothing cached,
//    tap "Confirmar reunião", confirmed), interleaved round by round, medians and their ratio,
//    with the bytes each moves.
// Parts 1, 2, 4 and 5 run on PGlite, and on two servers sharing a PostgreSQL 15 with
// BENCH_POSTGRES=1. Run: npm run bench:agenda-abuse [-- rounds]   (default 5 rounds of part 3;
// BENCH_PARTS=3 for part 3 alone, BENCH_PARTS=4,5 for the several networks)
import { cpus, loadavg } from 'node:os'
import { honestFriction } from './agenda-abuse/honest-visitor.ts'
import { startStage } from './agenda-abuse/stage.ts'
import {
  attackerOfOneSlash48,
  attackersOfSeveralSlash48s,
  leadsFromOneNetwork,
  mailCannon,
} from './agenda-abuse/strangers.ts'

const rounds = Number(process.argv[2] ?? 5)

console.log(
  `agenda against strangers; ${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
)
// BENCH_PARTS=3 runs the honest visitor alone, BENCH_PARTS=1,2,4,5 the attackers alone.
const parts = (process.env.BENCH_PARTS ?? '1,2,4,5,3').split(',')
for (const onPostgres of process.env.BENCH_POSTGRES === '1' ? [false, true] : [false]) {
  if (!['1', '2', '4', '5'].some((part) => parts.includes(part))) break
  const stage = await startStage(onPostgres)
  try {
    if (parts.includes('1')) await attackerOfOneSlash48(stage)
    if (parts.includes('2')) await mailCannon(stage)
    if (parts.includes('4')) await attackersOfSeveralSlash48s(stage)
    if (parts.includes('5')) await leadsFromOneNetwork(stage)
  } finally {
    await stage.stop()
  }
}
if (parts.includes('3')) await honestFriction(rounds)
