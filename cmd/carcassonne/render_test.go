package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

func TestRenderRecord(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"mid-game", "full-game"} {
		out := filepath.Join(dir, name+".png")
		var stdout, stderr bytes.Buffer
		code := run([]string{"render", "../../render/testdata/" + name + ".rec", "-o", out}, &stdout, &stderr)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr.String())
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s := img.Bounds().Size(); s.X < 400 || s.Y < 400 {
			t.Errorf("%s: picture of %v", name, s)
		}
	}
}

func TestRenderDefaultOutput(t *testing.T) {
	dir := t.TempDir()
	rec, err := os.ReadFile("../../render/testdata/mid-game.rec")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.rec")
	os.WriteFile(path, rec, 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"render", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "game.png")); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := run([]string{"render", path, "-o", "-"}, &stdout, &stderr); code != 0 {
		t.Fatalf("-o -: exit %d: %s", code, stderr.String())
	}
	if _, err := png.Decode(&stdout); err != nil {
		t.Fatalf("-o -: %v", err)
	}
}

func TestRenderBadRecord(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.rec")
	os.WriteFile(path, []byte("[Players \"A, B\"]\n\n1. E 0,-1 180\n2. E 0,-1 0\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"render", path, "-o", filepath.Join(dir, "x.png")}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := path + ":4: (0,-1) already holds a tile"; !strings.Contains(stderr.String(), want) {
		t.Fatalf("stderr %q, want %q", stderr.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
		t.Errorf("a bad record left a picture")
	}
}

// TestRenderAnimate writes the animated replay of a whole game: a GIF of a
// frame per turn of the record and the final, to -o and by default beside
// the record.
func TestRenderAnimate(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../render/testdata/full-game.rec")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.ReadRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.rec")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		out  string
	}{
		{[]string{"render", "--animate", path, "-o", filepath.Join(dir, "replay.gif")}, "replay.gif"},
		{[]string{"render", path, "--animate"}, "game.gif"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr.String())
		}
		f, err := os.Open(filepath.Join(dir, c.out))
		if err != nil {
			t.Fatal(err)
		}
		a, err := gif.DecodeAll(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.out, err)
		}
		if got, want := len(a.Image), len(rec.Turns)+1; got != want {
			t.Errorf("%s: %d frames, want %d", c.out, got, want)
		}
	}
	// A bad record names its line, and writes nothing.
	bad := filepath.Join(dir, "bad.rec")
	os.WriteFile(bad, []byte("Players: Ann, Bob\n1. D 5,5 0\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"render", "--animate", bad}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "bad.rec:") {
		t.Errorf("bad record: exit %d, %q", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.gif")); err == nil {
		t.Error("a GIF was written for a bad record")
	}
}
