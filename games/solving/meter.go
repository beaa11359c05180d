package solving

import "time"

// clockEvery is how many nodes go by between two readings of the clock: a
// reading costs more than a node.
const clockEvery = 1024

// Meter counts a search's nodes against its cap and its deadline. Once out,
// it stays out.
type Meter struct {
	nodes, max int64
	deadline   time.Time
	timed      bool
	out        bool
}

// NewMeter is a meter allowing nodes nodes (0: no cap) and the time d from now
// (0: no deadline).
func NewMeter(nodes int64, d time.Duration) Meter {
	m := Meter{max: nodes}
	if d > 0 {
		m.deadline, m.timed = time.Now().Add(d), true
	}
	return m
}

// Spend counts a node and reports whether the budget allows it.
func (m *Meter) Spend() bool {
	m.nodes++
	if m.max > 0 && m.nodes > m.max {
		m.out = true
	}
	if m.timed && m.nodes%clockEvery == 0 && time.Now().After(m.deadline) {
		m.out = true
	}
	return !m.out
}

// Out reports whether the budget ran out.
func (m *Meter) Out() bool { return m.out }

// Nodes counts the nodes spent.
func (m *Meter) Nodes() int64 { return m.nodes }
