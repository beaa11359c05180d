package render

import (
	"sync"
	"testing"
)

var (
	testOnce     sync.Once
	testRenderer *Renderer
	testErr      error
)

// renderer returns the one Renderer the tests share.
func renderer(tb testing.TB) *Renderer {
	tb.Helper()
	testOnce.Do(func() { testRenderer, testErr = New() })
	if testErr != nil {
		tb.Fatal(testErr)
	}
	return testRenderer
}
