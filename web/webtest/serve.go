package webtest

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Listen is a listener on a free port of this machine and its base URL
// ("http://127.0.0.1:PORT"), for pages that must know their own address
// before they are made (their public URL, the OAuth2 redirect).
func Listen(t testing.TB) (net.Listener, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("webtest: listen: %v", err)
	}
	return ln, "http://" + ln.Addr().String()
}

// Serve serves h on ln until the test ends. Then pages (the web.Server
// that h serves) is closed first: that ends its live streams, which the
// HTTP server's own closing would otherwise wait for.
func Serve(t testing.TB, ln net.Listener, h http.Handler, pages io.Closer) {
	t.Helper()
	hs := httptest.NewUnstartedServer(h)
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	t.Cleanup(func() {
		if err := pages.Close(); err != nil {
			t.Errorf("webtest: closing the pages: %v", err)
		}
		hs.Close()
	})
}
