package memfs

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"testing/fstest"
)

func TestFiles(t *testing.T) {
	m := Files{"a.txt": []byte("hello"), "b.bin": make([]byte, 1000)}
	if err := fstest.TestFS(m, "a.txt", "b.bin"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Open("c"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(c): %v, want fs.ErrNotExist", err)
	}
	if _, err := m.ReadDir("a.txt"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadDir(a.txt): %v, want fs.ErrNotExist", err)
	}
	f, err := m.Open("b.bin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(io.Discard, f, 600); err != nil {
		t.Fatal(err)
	}
	if st, _ := f.Stat(); st.Size() != 1000 || st.Name() != "b.bin" || st.IsDir() {
		t.Errorf("Stat after reading 600 bytes: %s, %d bytes, dir %v; want b.bin, 1000, false", st.Name(), st.Size(), st.IsDir())
	}
}

func TestLayers(t *testing.T) {
	under := fstest.MapFS{"a.txt": {Data: []byte("under")}, "d/x": {Data: []byte("x")}}
	l := Layers{Files{"a.txt": []byte("over"), "b.txt": []byte("b")}, under}
	if err := fstest.TestFS(l, "a.txt", "b.txt", "d/x"); err != nil {
		t.Fatal(err)
	}
	if b, err := fs.ReadFile(l, "a.txt"); err != nil || string(b) != "over" {
		t.Errorf("a.txt = %q, %v; want the first layer's, over", b, err)
	}
	es, err := fs.ReadDir(l, ".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	if want := []string{"a.txt", "b.txt", "d"}; !slices.Equal(names, want) {
		t.Errorf("ReadDir(.) = %v, want %v", names, want)
	}
	failing := errors.New("broken layer")
	l = Layers{Files{}, broken{failing}, under}
	if _, err := l.Open("a.txt"); err != nil {
		t.Errorf("Open(a.txt) past a broken layer: %v", err)
	}
	if _, err := l.Open("none"); !errors.Is(err, failing) {
		t.Errorf("Open(none): %v, want the broken layer's error", err)
	}
	if _, err := (Layers{}).Open("a"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open on no layers: %v, want fs.ErrNotExist", err)
	}
}

// broken is a file system that fails to open anything.
type broken struct{ err error }

func (b broken) Open(string) (fs.File, error) { return nil, b.err }

// TestServed checks a file of Files as net/http serves it: whole, and a
// range of it (which needs Seek).
func TestServed(t *testing.T) {
	srv := httptest.NewServer(http.FileServerFS(Files{"f.txt": []byte("0123456789")}))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/f.txt", nil)
	req.Header.Set("Range", "bytes=3-5")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusPartialContent || string(b) != "345" {
		t.Errorf("GET f.txt, bytes 3-5: %d %q, want 206 \"345\"", resp.StatusCode, b)
	}
}
