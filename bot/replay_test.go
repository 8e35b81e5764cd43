package bot

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/render"
)

// checkReplay checks the animated replay attached to the end message: a
// GIF named replay.gif of at most render.AnimateMaxBytes that decodes, with
// a frame per turn of the attached record and the final frame.
func checkReplay(tb testing.TB, end discordtest.Message) {
	tb.Helper()
	rec, err := engine.ReadRecord(strings.NewReader(recordText(tb, end)))
	if err != nil {
		tb.Fatalf("the attached record does not read: %v", err)
	}
	for _, f := range end.Files {
		if f.Filename != "replay.gif" {
			continue
		}
		if f.ContentType != "image/gif" {
			tb.Errorf("replay.gif is sent as %q", f.ContentType)
		}
		if len(f.Data) > render.AnimateMaxBytes {
			tb.Errorf("replay.gif is %d bytes, over %d", len(f.Data), render.AnimateMaxBytes)
		}
		a, err := gif.DecodeAll(bytes.NewReader(f.Data))
		if err != nil {
			tb.Fatalf("replay.gif does not decode: %v", err)
		}
		if got, want := len(a.Image), len(rec.Turns)+1; got != want {
			tb.Errorf("replay.gif has %d frames, want %d (a turn each and the final)", got, want)
		}
		return
	}
	tb.Errorf("the end message has no replay.gif: %d files", len(end.Files))
}
