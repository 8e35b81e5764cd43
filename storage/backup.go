package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrBackupExists: Backup's destination exists already; Backup never
// writes over a file.
var ErrBackupExists = errors.New("the backup file exists already")

// BackupResult says what Backup wrote.
type BackupResult struct {
	// Games is the number of games in the backup, of every status.
	Games int
	// Bytes is the size of the backup file, in bytes.
	Bytes int64
}

// Backup copies the SQLite database at path, live or not, into a new file
// at dst (mode 0600) with SQLite's VACUUM INTO: one consistent snapshot of
// every committed game, the moves still in the database's -wal file
// included, taken inside one read transaction, so that a bot may go on
// playing meanwhile (it waits at most a few seconds for a busy database).
// The backup is one self-contained file, without -wal or -shm, that Open
// takes as it is; Backup checks it with PRAGMA quick_check before it
// returns.
//
// Backup refuses, with an error wrapping ErrBackupExists, a dst that
// exists (even empty), and what Open refuses at path (ErrNotCarcassonne,
// ErrDamaged), and writes nothing into path. It leaves no partial file
// behind when it fails. A PostgreSQL URL is refused: back those up with
// pg_dump.
func Backup(ctx context.Context, path, dst string) (BackupResult, error) {
	if IsPostgresURL(path) {
		return BackupResult{}, errors.New("storage: backup copies a SQLite file; back up a PostgreSQL database with pg_dump")
	}
	if path == "" {
		path = DefaultPath
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return BackupResult{}, fmt.Errorf("storage: %s: no such database file", path)
	}
	if err := checkExisting(path); err != nil {
		return BackupResult{}, fmt.Errorf("storage: %w", err)
	}
	if err := checkFile(ctx, path); err != nil {
		return BackupResult{}, fmt.Errorf("storage: %w", err)
	}
	// VACUUM INTO writes into a file that does not exist or is empty: make
	// it here, so that it has the database's mode and no other process
	// takes the name meanwhile.
	f, err := os.OpenFile(dst, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
	if errors.Is(err, fs.ErrExist) {
		return BackupResult{}, fmt.Errorf("storage: %s: %w: choose a new name", dst, ErrBackupExists)
	}
	if err != nil {
		return BackupResult{}, fmt.Errorf("storage: cannot create the backup: %w", err)
	}
	f.Close()
	res, err := vacuumInto(ctx, path, dst)
	if err != nil {
		for _, suffix := range []string{"-wal", "-shm", "-journal", ""} {
			os.Remove(dst + suffix)
		}
		return BackupResult{}, fmt.Errorf("storage: backup of %s into %s: %w", path, dst, err)
	}
	return res, nil
}

// backupParams opens the database Backup copies: it waits for a busy
// database, and writes nothing into it.
const backupParams = "_pragma=busy_timeout(10000)"

// vacuumInto copies path into the empty file dst, then checks the copy.
func vacuumInto(ctx context.Context, path, dst string) (BackupResult, error) {
	db, err := sql.Open("sqlite", dsn(path, backupParams))
	if err != nil {
		return BackupResult{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return BackupResult{}, err
	}
	if err := db.Close(); err != nil {
		return BackupResult{}, err
	}
	if err := checkFile(ctx, dst); err != nil {
		return BackupResult{}, err
	}
	copyDB, err := sql.Open("sqlite", dsn(dst, checkParams))
	if err != nil {
		return BackupResult{}, err
	}
	defer copyDB.Close()
	var res BackupResult
	var tables int
	if err := copyDB.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'games'`).Scan(&tables); err != nil {
		return BackupResult{}, err
	}
	if tables > 0 { // a database no Open has set up yet has no games table
		if err := copyDB.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&res.Games); err != nil {
			return BackupResult{}, err
		}
	}
	fi, err := os.Stat(dst)
	if err != nil {
		return BackupResult{}, err
	}
	res.Bytes = fi.Size()
	return res, nil
}
