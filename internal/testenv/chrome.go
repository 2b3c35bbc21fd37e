package testenv

import "github.com/chromedp/chromedp"

// ChromeOptions returns the options every browser test starts Chromium
// with: the binary at path (from Browser), headless, no sandbox (CI runs as
// root), no GPU, none of the background connections, updates or syncing
// that a machine without a network refuses, and the profile folder dir.
func ChromeOptions(path, dir string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(dir),
	)
}
