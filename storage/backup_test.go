package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupLive backs up a database that a Store has open and is playing
// in, its latest moves still in the -wal file: the backup is one file that
// Open takes, with every game and move, and the live Store plays on.
func TestBackupLive(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, path := testDBs[0].open(t)
	rng := rand.New(rand.NewPCG(3, 4))
	var ids []int64
	for seed := range uint64(3) {
		g := startGame(t, s, 2, seed+1)
		playMoves(t, s, g.ID, mirrorOf(t, g), rng, 10+int(seed)*5)
		ids = append(ids, g.ID)
	}
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("the -wal file holds nothing (%v): the test would not show that a backup takes what is in it", err)
	}
	dst := filepath.Join(t.TempDir(), "backup.db")
	res, err := Backup(ctx, path, dst)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != len(ids) {
		t.Errorf("Backup counted %d games, want %d", res.Games, len(ids))
	}
	fi, err := os.Stat(dst)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() != res.Bytes || fi.Mode().Perm() != fileMode {
		t.Errorf("backup: %d bytes, mode %v; Backup said %d bytes, want mode %v", fi.Size(), fi.Mode().Perm(), res.Bytes, os.FileMode(fileMode))
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(dst + suffix); err == nil {
			t.Errorf("the backup has a %s file: it should be one file", suffix)
		}
	}
	copyStore, err := Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer copyStore.Close()
	for _, id := range ids {
		_, want, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		_, got, err := copyStore.Load(ctx, id)
		if err != nil {
			t.Fatalf("game %d in the backup: %v", id, err)
		}
		sameState(t, got, want)
	}
	// The live Store plays on.
	g, e, err := s.Load(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	playMoves(t, s, g.ID, e, rng, 3)
}

// TestBackupRefuses: Backup writes over nothing, copies only Carcassonne
// databases, and leaves no file behind when it refuses.
func TestBackupRefuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, path := testDBs[0].open(t)
	startGame(t, s, 2, 1)
	dir := t.TempDir()

	exists := filepath.Join(dir, "exists.db")
	writeFile(t, exists, nil)
	if _, err := Backup(ctx, path, exists); !errors.Is(err, ErrBackupExists) {
		t.Errorf("backup into an existing empty file: got %v, want ErrBackupExists", err)
	}

	for name, data := range map[string][]byte{
		"one-byte.db": {'x'},
		"text.db":     []byte(strings.Repeat("not a database\n", 20)),
	} {
		src := filepath.Join(dir, name)
		writeFile(t, src, data)
		dst := filepath.Join(dir, "from-"+name)
		if _, err := Backup(ctx, src, dst); !errors.Is(err, ErrNotCarcassonne) {
			t.Errorf("backup of %s: got %v, want ErrNotCarcassonne", name, err)
		}
		if _, err := os.Stat(dst); err == nil {
			t.Errorf("backup of %s left %s behind", name, dst)
		}
	}
	if _, err := Backup(ctx, filepath.Join(dir, "missing.db"), filepath.Join(dir, "m.db")); err == nil || !strings.Contains(err.Error(), "no such database file") {
		t.Errorf("backup of a missing file: got %v", err)
	}
	if _, err := Backup(ctx, "postgres://u@localhost/db", filepath.Join(dir, "pg.db")); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("backup of a PostgreSQL URL: got %v, want it to point at pg_dump", err)
	}
}
