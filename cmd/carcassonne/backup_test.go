package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/storage"
)

// TestBackupCommand backs up a database the program still has open, then
// lists the copy's games: the same as the original's.
func TestBackupCommand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	st, err := storage.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	finishGame(t, st, "", 6, "Ann", "Bob")
	finishGame(t, st, "", 3, "Cy", "Dee")

	copyPath := filepath.Join(dir, "copy.db")
	var out, errs bytes.Buffer
	if code := run([]string{"backup", "--db", db, copyPath}, &out, &errs); code != exitOK {
		t.Fatalf("backup: status %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "Backed up 2 games from "+db+" into "+copyPath) {
		t.Errorf("backup said %q", out.String())
	}
	list := func(path string) string {
		var out, errs bytes.Buffer
		if code := run([]string{"games", "--db", path}, &out, &errs); code != exitOK {
			t.Fatalf("games --db %s: status %d: %s", path, code, errs.String())
		}
		return out.String()
	}
	if got, want := list(copyPath), list(db); got != want || !strings.Contains(got, "Cy, Dee") {
		t.Errorf("the copy lists\n%s\nthe original\n%s", got, want)
	}

	// A second backup into the same file is refused, and leaves it whole.
	before, _ := os.ReadFile(copyPath)
	out.Reset()
	errs.Reset()
	if code := run([]string{"backup", "--db", db, copyPath}, &out, &errs); code != exitFailed ||
		!strings.Contains(errs.String(), "the backup file exists already") {
		t.Errorf("backup over an existing file: status %d, %q", code, errs.String())
	}
	if after, _ := os.ReadFile(copyPath); !bytes.Equal(before, after) {
		t.Error("the refused backup changed the file")
	}
}
