package discord

import (
	"net"
	"net/http"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
)

// TestConnLimitVictim: which connection a newcomer past the limit replaces.
func TestConnLimitVictim(t *testing.T) {
	type conn struct {
		state    http.ConnState
		verified bool
	}
	tests := []struct {
		name  string
		conns []conn // in order of arrival, the limit full
		want  int    // the index of the connection closed; -1: the newcomer is
	}{
		{"the oldest that sent nothing", []conn{{http.StateActive, true}, {http.StateIdle, false}, {http.StateNew, false}, {http.StateNew, false}}, 2},
		{"then the oldest not yet verified", []conn{{http.StateIdle, false}, {http.StateActive, true}, {http.StateActive, false}, {http.StateActive, false}}, 2},
		{"then the oldest idle", []conn{{http.StateActive, true}, {http.StateIdle, false}, {http.StateIdle, false}}, 1},
		{"none while all serve Discord: the newcomer", []conn{{http.StateActive, true}, {http.StateActive, true}}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			shed := prometheus.NewCounter(prometheus.CounterOpts{Name: "shed"})
			l := &connLimit{max: len(tt.conns), conns: map[net.Conn]*connInfo{}, shed: shed}
			var ends []net.Conn // the client's ends, to see the server's closed
			var served []net.Conn
			for _, c := range tt.conns {
				server, client := net.Pipe()
				ends, served = append(ends, client), append(served, server)
				l.track(server, http.StateNew)
				if c.state != http.StateNew {
					l.track(server, http.StateActive)
				}
				if c.verified {
					l.verified(server)
				}
				if c.state == http.StateIdle {
					l.track(server, http.StateIdle)
				}
			}
			newServer, newClient := net.Pipe()
			defer newClient.Close()
			l.track(newServer, http.StateNew)
			assert.Equal(t, 1.0, testutil.ToFloat64(shed))
			assert.Len(t, l.conns, len(tt.conns), "never more than the limit")
			_, kept := l.conns[newServer]
			assert.Equal(t, tt.want >= 0, kept, "the newcomer is let in")
			for k, c := range served {
				_, open := l.conns[c]
				assert.Equal(t, k != tt.want, open, "connection %d", k)
				ends[k].Close()
			}
			// A closed connection leaves room.
			l.track(served[len(served)-1], http.StateClosed)
			l.track(newServer, http.StateClosed)
			assert.Less(t, len(l.conns), len(tt.conns))
		})
	}
}
