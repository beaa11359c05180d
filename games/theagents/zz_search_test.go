package theagents

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TEMPORARY: the seat-compensation search harness.
func TestZZSearch(t *testing.T) {
	spec := os.Getenv("SEARCH_START")
	if spec == "" {
		t.Skip()
	}
	games, _ := strconv.Atoi(os.Getenv("SEARCH_GAMES"))
	if games == 0 {
		games = 1000
	}
	off, _ := strconv.Atoi(os.Getenv("SEARCH_OFFSET"))
	par, _ := strconv.Atoi(os.Getenv("SEARCH_PAR"))
	par = max(par, 1)
	for _, cand := range strings.Split(spec, "|") {
		var start []int
		for _, f := range strings.Split(cand, ",") {
			v, _ := strconv.Atoi(f)
			start = append(start, v)
		}
		n := len(start)
		wins := make([]float64, n)
		turns := 0
		var mu sync.Mutex
		var wg sync.WaitGroup
		next := make(chan int)
		for range par {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for d := range next {
					g, _ := newGame(uint64(off+1000*n+d), n, start)
					if err := PlayOut(g); err != nil {
						panic(err)
					}
					w := g.Winners()
					mu.Lock()
					turns += g.turns
					for _, x := range w {
						wins[(int(x)-int(g.first)+n)%n] += 1 / float64(len(w))
					}
					mu.Unlock()
				}
			}()
		}
		for d := range games {
			next <- d
		}
		close(next)
		wg.Wait()
		var parts []string
		dev := 0.0
		for p := range n {
			r := wins[p] / float64(games)
			parts = append(parts, fmt.Sprintf("%.3f", r))
			dev = max(dev, abs(r-1/float64(n)))
		}
		fmt.Printf("search: players=%d start=%s games=%d rates=%s maxdev=%.3f turns=%.1f\n", n, cand, games, strings.Join(parts, ","), dev, float64(turns)/float64(games))
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
