package theagents

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dealer/dealer/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// balance gathers figures over games among computer players.
type balance struct {
	games, turns, moves int
	posWins             []float64 // wins by position after the first player
	posGames            []int
	played              map[string]int     // agent plays
	playedWin           map[string]float64 // plays by the eventual winners
	missionIP           map[string]int     // IP paid by each mission
	tokenIP, missionSum int
}

func newBalance() *balance {
	return &balance{posWins: make([]float64, 5), posGames: make([]int, 5),
		played: map[string]int{}, playedWin: map[string]float64{}, missionIP: map[string]int{}}
}

// play plays one game among computer players and gathers its figures.
func (b *balance) play(t testing.TB, deal uint64, players int) {
	g, err := New(deal, players)
	require.NoError(t, err)
	plays := make([][]string, players)
	rec := func(g0 games.Game, s games.Seat) games.Move {
		m := Choose(g0, s)
		mv, ok := m.(Move)
		if !ok {
			return m
		}
		switch mv.Kind {
		case MovePlay:
			plays[s] = append(plays[s], mv.Card)
		case MoveEnd:
			for _, f := range g.board {
				for _, a := range f.Missions {
					ms, _ := MissionByKey(a.Mission)
					if a.Owner == s && f.Holds(ms.Condition, s) {
						b.missionIP[a.Mission] += ms.Reward
						b.missionSum += ms.Reward
					}
				}
				if f.Has(s) {
					b.tokenIP += f.Income(s)
				}
			}
		}
		return m
	}
	ps := make([]games.Computer, players)
	for i := range ps {
		ps[i] = rec
	}
	require.NoError(t, PlayOut(g, ps...), "deal %d, %d players", deal, players)
	b.games++
	b.turns += g.turns
	b.moves += g.moves
	w := g.Winners()
	for s := range players {
		pos := (s - int(g.first) + players) % players
		b.posGames[pos]++
		won := 0.0
		for _, x := range w {
			if int(x) == s {
				won = 1 / float64(len(w))
			}
		}
		b.posWins[pos] += won
		for _, k := range plays[s] {
			b.played[k]++
			b.playedWin[k] += won
		}
	}
}

// seatsLine is the balance line of a table size: each place in turn
// order's share of the wins, the first player's first.
func (b *balance) seatsLine(players int) string {
	var w []string
	for p := range players {
		w = append(w, fmt.Sprintf("%.3f", b.posWins[p]/float64(b.posGames[p])))
	}
	return fmt.Sprintf("balance: players=%d seats=%s", players, strings.Join(w, ","))
}

func (b *balance) report(players int) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%d players, %d games: %.1f turns, %.0f moves a game; win rate by position:", players, b.games,
		float64(b.turns)/float64(b.games), float64(b.moves)/float64(b.games))
	for p := range players {
		fmt.Fprintf(&s, " %.2f", b.posWins[p]/float64(b.posGames[p]))
	}
	fmt.Fprintf(&s, "; token IP %d, mission IP %d", b.tokenIP, b.missionSum)
	return s.String()
}

// TestBalance plays games among computer players for each table size and
// checks that they finish, that no position wins far more than its share,
// and that no card or mission dominates. It logs the figures and prints a
// line per table size, "balance: players=N seats=w0,w1,…": each place in
// turn order's share of the wins, from the first player. With
// DEALER_SIM_GAMES of 1000 or more it checks that every place is within
// ±0.03 of a fair share (1/N), the seat compensation of StartIP included.
func TestBalance(t *testing.T) {
	per := 25
	if testing.Short() {
		per = 8
	}
	// DEALER_SIM_GAMES=1000 plays that many games per table size.
	if v, err := strconv.Atoi(os.Getenv("DEALER_SIM_GAMES")); err == nil && v > 0 {
		per = v
	}
	all := newBalance()
	for players := 2; players <= 5; players++ {
		b := newBalance()
		for d := range per {
			deal := uint64(1000*players + d)
			b.play(t, deal, players)
		}
		for k, n := range b.played {
			all.played[k] += n
			all.playedWin[k] += b.playedWin[k]
		}
		for k, n := range b.missionIP {
			all.missionIP[k] += n
		}
		all.missionSum += b.missionSum
		t.Log(b.report(players))
		fmt.Println(b.seatsLine(players))
		for p := range players {
			rate := b.posWins[p] / float64(b.posGames[p])
			assert.Less(t, rate, 2.2/float64(players)+0.1, "%d players: position %d wins too often", players, p)
			if per >= 1000 {
				// Issue 16: with StartIP, every seat within ±0.03 of a fair share.
				assert.InDelta(t, 1/float64(players), rate, 0.03, "%d players: position %d", players, p)
			}
		}
	}
	type row struct {
		key        string
		n          int
		rate, base float64
	}
	var rows []row
	for k, n := range all.played {
		rows = append(rows, row{k, n, all.playedWin[k] / float64(n), 0})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].n > rows[j].n })
	var lines []string
	total := 0
	for _, r := range rows {
		total += r.n
		lines = append(lines, fmt.Sprintf("%s %d (%.2f)", r.key, r.n, r.rate))
	}
	t.Logf("agent plays (share of plays by winners): %s", strings.Join(lines, ", "))
	for _, r := range rows {
		assert.Less(t, float64(r.n), 0.15*float64(total), "%s is played far more than the others", r.key)
	}
	lines = nil
	for k, ip := range all.missionIP {
		lines = append(lines, fmt.Sprintf("%s %d", k, ip))
		assert.Less(t, float64(ip), 0.3*float64(all.missionSum)+1, "%s pays too much of the missions' IP", k)
	}
	sort.Strings(lines)
	t.Logf("mission IP: %s", strings.Join(lines, ", "))
}

// The rows of StartIP were chosen with TestStartIPRows, 4,000 games per row
// (6,000 for the first ones) on deals 1,000,000 + 1000·N + d, d < 4000,
// which TestBalance does not play: each place's share of the wins, the
// first player's first, and the largest distance from a fair share. A row
// qualifies within ±0.015; StartIP holds the qualifying row with the least
// IP handed out (marked ←).
//
//	2 players  0,0 (2,000 other deals): 0.539 0.461  0.039
//	           0,1: 0.495 0.505  0.005 ←   0,2: 0.477 0.523  0.023   0,3: 0.460 0.540  0.040
//	3 players  0,0,0 (2,000 other deals): 0.286 0.327 0.388  0.054
//	           2,1,0: 0.312 0.312 0.376  0.043   2,2,0: 0.310 0.327 0.362  0.029
//	           3,1,0: 0.329 0.293 0.378  0.045   3,2,0: 0.334 0.303 0.363  0.031
//	           3,3,0: 0.328 0.319 0.353  0.020   2,3,0: 0.303 0.332 0.365  0.032
//	           4,2,0: 0.355 0.295 0.350  0.039   3,4,0: 0.312 0.339 0.349  0.021
//	           4,3,0: 0.341 0.320 0.340  0.014 ←   4,4,0: 0.343 0.325 0.332  0.010
//	4 players  0,0,0,0 (2,000 other deals): 0.200 0.231 0.268 0.302  0.052
//	           2,1,1,0: 0.221 0.213 0.278 0.289  0.039   3,3,0,0: 0.232 0.235 0.259 0.274  0.024
//	           3,3,1,0: 0.232 0.236 0.261 0.271  0.021   4,2,1,0: 0.250 0.218 0.266 0.266  0.032
//	           4,3,0,0: 0.249 0.230 0.257 0.264  0.020   4,4,0,0: 0.245 0.241 0.259 0.255  0.009 ←
//	           4,3,1,0: 0.252 0.232 0.259 0.257  0.018   4,4,1,0: 0.246 0.244 0.254 0.256  0.006
//	           5,4,1,0: 0.265 0.235 0.244 0.256  0.015
//	5 players  0,0,0,0,0 (2,000 other deals): 0.156 0.170 0.198 0.231 0.245  0.045
//	           4,4,0,0,0: 0.201 0.199 0.180 0.208 0.212  0.020
//	           4,3,1,0,0: 0.197 0.183 0.194 0.212 0.214  0.017
//	           4,4,1,0,0: 0.196 0.198 0.202 0.195 0.209  0.009 ←
//	           3,3,2,1,0: 0.175 0.182 0.215 0.231 0.198  0.031
//	           4,3,2,0,0: 0.197 0.187 0.209 0.207 0.201  0.013
//	           4,4,2,0,0: 0.205 0.193 0.212 0.192 0.199  0.012
//	           4,3,2,1,0: 0.195 0.175 0.212 0.217 0.201  0.025
//	           4,4,1,1,0: 0.196 0.186 0.197 0.215 0.207  0.015
//	           4,4,2,1,0: 0.189 0.189 0.212 0.210 0.201  0.012
//	           5,4,2,1,0: 0.211 0.190 0.199 0.209 0.191  0.011
//	           5,5,2,1,0: 0.207 0.199 0.205 0.199 0.191  0.009
//	           6,5,2,1,0: 0.214 0.204 0.193 0.200 0.190  0.014

// TestStartIPRows plays the rows of starting IP in DEALER_SIM_START
// ("4,3,0|4,4,0": a row per table size is its length) among computer
// players, DEALER_SIM_GAMES games each (default 4000) on deals
// 1,000,000 + 1000·N + d, and prints each place's share of the wins:
//
//	DEALER_SIM_START="4,3,0|4,4,0,0" go test -run TestStartIPRows -v ./games/theagents/
func TestStartIPRows(t *testing.T) {
	spec := os.Getenv("DEALER_SIM_START")
	if spec == "" {
		t.Skip("set DEALER_SIM_START to rows of starting IP, like 4,3,0|4,4,0,0")
	}
	n := 4000
	if v, err := strconv.Atoi(os.Getenv("DEALER_SIM_GAMES")); err == nil && v > 0 {
		n = v
	}
	for _, row := range strings.Split(spec, "|") {
		var start []int
		for _, f := range strings.Split(row, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(f))
			require.NoError(t, err, row)
			start = append(start, v)
		}
		players := len(start)
		wins := make([]float64, players)
		for d := range n {
			g, err := newGame(uint64(1_000_000+1000*players+d), players, start)
			require.NoError(t, err, row)
			require.NoError(t, PlayOut(g))
			for _, s := range g.Winners() {
				wins[(int(s)-int(g.first)+players)%players] += 1 / float64(len(g.Winners()))
			}
		}
		var shares []string
		dev := 0.0
		for _, w := range wins {
			shares = append(shares, fmt.Sprintf("%.3f", w/float64(n)))
			dev = max(dev, math.Abs(w/float64(n)-1/float64(players)))
		}
		fmt.Printf("start: players=%d row=%s games=%d seats=%s maxdev=%.3f\n", players, row, n, strings.Join(shares, ","), dev)
	}
}
