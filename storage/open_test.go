package storage

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenRefuses opens files that are not sound Carcassonne databases:
// Open must refuse each with the reason, and leave the file as it was.
func TestOpenRefuses(t *testing.T) {
	t.Parallel()
	random := make([]byte, 8192)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	tests := []struct {
		name string
		make func(tb testing.TB, path string)
		want error
		says string
	}{
		{"empty", func(tb testing.TB, path string) { writeFile(tb, path, nil) },
			ErrNotCarcassonne, "is empty (0 bytes), not a Carcassonne database: remove it or choose another file"},
		{"one byte", func(tb testing.TB, path string) { writeFile(tb, path, []byte{'\n'}) },
			ErrNotCarcassonne, "is not a SQLite database, so not a Carcassonne database (only 1 of the 100 bytes"},
		{"99 bytes", func(tb testing.TB, path string) { writeFile(tb, path, []byte(sqliteMagic+strings.Repeat("x", 83))) },
			ErrNotCarcassonne, "is not a SQLite database, so not a Carcassonne database (only 99 of the 100 bytes"},
		{"text", func(tb testing.TB, path string) {
			writeFile(tb, path, []byte("Carcassonne: a tile-laying game.\nNot a database, though.\n"))
		}, ErrNotCarcassonne, "is not a SQLite database, so not a Carcassonne database"},
		{"random bytes", func(tb testing.TB, path string) { writeFile(tb, path, random) },
			ErrNotCarcassonne, "is not a SQLite database, so not a Carcassonne database"},
		{"folder", func(tb testing.TB, path string) {
			if err := os.Mkdir(path, 0o700); err != nil {
				tb.Fatal(err)
			}
		}, ErrNotCarcassonne, "is a folder"},
		{"other program's database", func(tb testing.TB, path string) {
			db := rawDB(tb, path)
			for _, q := range []string{`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)`, `INSERT INTO users (name) VALUES ('ann')`} {
				if _, err := db.Exec(q); err != nil {
					tb.Fatal(err)
				}
			}
			db.Close()
		}, ErrNotCarcassonne, "is the SQLite database of something else (its tables: users), not a Carcassonne database"},
		{"unknown tables", func(tb testing.TB, path string) {
			s, err := Open(context.Background(), path)
			if err != nil {
				tb.Fatal(err)
			}
			s.Close()
			db := rawDB(tb, path)
			if _, err := db.Exec(`CREATE TABLE invoices (id INTEGER PRIMARY KEY)`); err != nil {
				tb.Fatal(err)
			}
			db.Close()
		}, ErrNotCarcassonne, "has tables that a Carcassonne database does not have (invoices)"},
		{"damaged page", func(tb testing.TB, path string) { damage(tb, path, 0) },
			ErrDamaged, "the database file is damaged ("},
		{"damaged cells", func(tb testing.TB, path string) { damage(tb, path, 0.5) },
			ErrDamaged, "the database file is damaged (PRAGMA quick_check: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.db")
			tt.make(t, path)
			before := contents(t, path)
			s, err := Open(context.Background(), path)
			if err == nil {
				s.Close()
				t.Fatal("Open took the file")
			}
			t.Log(err)
			if !errors.Is(err, tt.want) {
				t.Errorf("got %v, want an error wrapping %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.says) || !strings.Contains(err.Error(), path) {
				t.Errorf("got %q, want it to name the file and say %q", err, tt.says)
			}
			if after := contents(t, path); !bytes.Equal(before, after) {
				t.Errorf("the file changed: %d bytes before, %d after", len(before), len(after))
			}
			for _, suffix := range []string{"-wal", "-shm", "-journal"} {
				if _, err := os.Stat(path + suffix); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s: %v, want no such file", suffix, err)
				}
			}
		})
	}
}

// TestOpenEmptySQLite opens a SQLite database without any table (not a
// 0-byte file): it is taken as a new database.
func TestOpenEmptySQLite(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "empty.db")
	db := rawDB(t, path)
	if _, err := db.Exec(`PRAGMA user_version = 1`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	checkSchema(t, path)
}

// TestOpenMode creates a database: it and the files SQLite keeps beside it
// (-wal, -shm) and the set-up lock file get mode 0600. An existing file
// keeps its mode.
func TestOpenMode(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "new.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	startGame(t, s, 2, 1) // something in the WAL
	for _, suffix := range []string{"", "-wal", "-shm", lockSuffix} {
		if mode := fileModeOf(t, path+suffix); mode != 0o600 {
			t.Errorf("%s%s has mode %v, want 0600", filepath.Base(path), suffix, mode)
		}
	}
	s.Close()

	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	s, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	startGame(t, s, 2, 2)
	for _, suffix := range []string{"", "-wal"} {
		if mode := fileModeOf(t, path+suffix); mode != 0o640 {
			t.Errorf("%s%s of an existing file has mode %v, want 0640 as the file", filepath.Base(path), suffix, mode)
		}
	}
}

// damage makes a database at path whose table seats has garbage in its
// root page, from the fraction from of the page on.
func damage(tb testing.TB, path string, from float64) {
	tb.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range 20 {
		startGame(tb, s, 2, uint64(i))
	}
	var root, size int64
	if err := s.read.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'seats'`).Scan(&root); err != nil {
		tb.Fatal(err)
	}
	if err := s.read.QueryRow(`PRAGMA page_size`).Scan(&size); err != nil {
		tb.Fatal(err)
	}
	s.Close() // checkpoints the WAL into the file
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	skip := int64(from * float64(size))
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xa5}, int(size-skip)), (root-1)*size+skip); err != nil {
		tb.Fatal(err)
	}
}

func writeFile(tb testing.TB, path string, b []byte) {
	tb.Helper()
	if err := os.WriteFile(path, b, 0o600); err != nil {
		tb.Fatal(err)
	}
}

// contents returns the bytes of the file at path, nil for a folder.
func contents(tb testing.TB, path string) []byte {
	tb.Helper()
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func fileModeOf(tb testing.TB, path string) fs.FileMode {
	tb.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return fi.Mode().Perm()
}
