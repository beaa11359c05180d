// Package webtest helps test the web pages: a headless Chromium from the
// machine's own packages (Debian's chromium), driven from Go with
// chromedp, screenshots at a given width, a store filled with games
// really played, and the pages served at an address known before they are
// made.
package webtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// EnvChromium names a Chromium (or Chrome) binary to use instead of the
// one found on the machine.
const EnvChromium = "DEALER_CHROMIUM"

// EnvRequire names the variable that, set to 1 (as CI sets it), makes a
// missing Chromium fail the browser tests instead of skipping them.
const EnvRequire = "DEALER_REQUIRE_CHROMIUM"

// EnvShots names a directory to keep the screenshots in; without it they
// go to the test's temporary directory and are removed with it.
const EnvShots = "DEALER_WEB_SHOTS"

// ChromiumPath is the installed Chromium: $DEALER_CHROMIUM, else the first
// of chromium, chromium-browser, google-chrome found in /usr/bin or PATH;
// "" if there is none.
func ChromiumPath() string {
	if p := os.Getenv(EnvChromium); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Browser starts a headless Chromium for the test, with a fresh profile,
// and returns the context chromedp.Run takes; it is closed when the test
// ends. Without Chromium the test is skipped, saying so in one line.
func Browser(t testing.TB) context.Context {
	t.Helper()
	path := ChromiumPath()
	if path == "" {
		msg := "webtest: no Chromium installed (apt-get install chromium, or set " + EnvChromium + "): browser test skipped"
		if os.Getenv(EnvRequire) == "1" {
			t.Fatal(msg + ", but " + EnvRequire + "=1")
		}
		t.Skip(msg)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("headless", true),
		// As root (CI), Chromium's sandbox cannot start.
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	// Start the browser now, so that a broken install fails here, clearly.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("webtest: starting %s: %v", path, err)
	}
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	return ctx
}

// ShotsDir is where screenshots go: $DEALER_WEB_SHOTS (made if missing),
// else a temporary directory of the test's.
func ShotsDir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv(EnvShots); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatalf("webtest: %s: %v", EnvShots, err)
		}
		return d
	}
	return t.TempDir()
}

// Screenshot takes the whole of the page now open in ctx, laid out width
// CSS pixels wide as a phone (below 700 px) or a desktop would show it, at
// scale 1, and writes it as a PNG file at path. The viewport stays at that
// width afterwards.
func Screenshot(ctx context.Context, width int, path string) error {
	var opts []chromedp.EmulateViewportOption
	if width < 700 {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulatePortrait)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), 900, opts...)); err != nil {
		return fmt.Errorf("webtest: screenshot at %d px: %w", width, err)
	}
	// The whole page: the viewport as tall as the document laid out at
	// that width.
	height, err := chromedp.Run(ctx, chromedp.Evaluate[int64](`Math.ceil(document.documentElement.scrollHeight)`))
	if err != nil {
		return fmt.Errorf("webtest: screenshot at %d px: %w", width, err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), max(height, 200), opts...)); err != nil {
		return fmt.Errorf("webtest: screenshot at %d px: %w", width, err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return fmt.Errorf("webtest: screenshot at %d px: %w", width, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, png, 0o644)
}
