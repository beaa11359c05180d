package store

import (
	"context"
	"errors"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every batch's commit is timed; a batch counts as failed only when the
// database refused it whole, not when a write of it said no.
func TestCommitMetrics(t *testing.T) { forEachEngine(t, testCommitMetrics) }

func testCommitMetrics(t *testing.T, e engine) {
	refused := errors.New("refused by the write")
	for _, tc := range []struct {
		name     string
		breakDB  bool  // the writer's connection closed under the store
		write    error // what the write itself says
		failures float64
	}{
		{"committed", false, nil, 0},
		{"a write says no", false, refused, 0},
		{"the database is gone", true, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, _ := openTemp(t, e)
			reg := prometheus.NewPedanticRegistry()
			reg.MustRegister(s.Collectors()...)
			if tc.breakDB {
				require.NoError(t, s.w.Close())
			}
			err := s.write(context.Background(), func(tx *txn) error { return tc.write })
			if tc.write != nil || tc.breakDB {
				require.Error(t, err)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tc.failures, testutil.ToFloat64(s.m.failures))
			mf, err := reg.Gather()
			require.NoError(t, err)
			var timed uint64
			for _, f := range mf {
				if f.GetName() == "dealer_store_commit_seconds" {
					timed = f.GetMetric()[0].GetHistogram().GetSampleCount()
				}
			}
			assert.EqualValues(t, 1, timed, "the batch's commit is timed")
		})
	}
}
