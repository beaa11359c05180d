// Records the openskill package's Plackett-Luce ratings (its defaults) for
// store/rating's reference test: 240 games of 2 to 5 players drawn from a
// pool of 16, in sequence (each game starts from the ratings the last ones
// left), half of them with ties, from a fixed seed, so every run writes
// the same file.
//
//   npm install && node generate.js ../../store/rating/testdata/reference.json
//
// With no file named it writes to standard output.
import { writeFileSync } from 'node:fs'
import { rate, rating } from 'openskill'

const GAMES = 240
const POOL = 16

// mulberry32: a small seeded generator, so the games need no library.
function generator(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = generator(20261127)
const below = (n) => Math.floor(random() * n)

// The pool: half new players, half with a rating of any shape, so that
// strong, weak, sure and unsure players meet.
const pool = Array.from({ length: POOL }, (_, i) =>
  i % 2 === 0 ? rating() : rating({ mu: 5 + random() * 40, sigma: 0.5 + random() * 9 }),
)

// players picks n distinct players of the pool.
function players(n) {
  const picked = []
  while (picked.length < n) {
    const p = below(POOL)
    if (!picked.includes(p)) picked.push(p)
  }
  return picked
}

// ranks is a game's final order: a permutation of 1..n, or with ties (any
// of 1..n each, so also gaps such as 1, 3, 3).
function ranks(n, ties) {
  if (ties) return Array.from({ length: n }, () => 1 + below(n))
  const r = Array.from({ length: n }, (_, i) => i + 1)
  for (let i = n - 1; i > 0; i -= 1) {
    const j = below(i + 1)
    ;[r[i], r[j]] = [r[j], r[i]]
  }
  return r
}

const games = []
for (let g = 0; g < GAMES; g += 1) {
  const n = 2 + (g % 4)
  const seats = players(n)
  const rank = ranks(n, g % 2 === 1)
  const before = seats.map((p) => ({ ...pool[p] }))
  const after = rate(before.map((r) => [r]), { rank }).map(([r]) => r)
  seats.forEach((p, i) => {
    pool[p] = after[i]
  })
  games.push({ players: seats, ranks: rank, before, after })
}

// One game a line: a change shows as the games it changed.
const head = JSON.stringify({ openskill: '5.0.1', model: 'plackett-luce, defaults', pool: POOL })
const out = head.slice(0, -1) + ',"games":[\n' + games.map((g) => JSON.stringify(g)).join(',\n') + '\n]}\n'
if (process.argv[2]) writeFileSync(process.argv[2], out)
else process.stdout.write(out)
