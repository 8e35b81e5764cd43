package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The errors of Open for a file it will not use, tested with errors.Is. The
// error wrapping them names the file, says why and what to do.
var (
	// ErrNotCarcassonne: the file is not a Carcassonne database: it is
	// empty (0 bytes), shorter than SQLite's 100-byte header, not a
	// SQLite database at all (its first bytes are not SQLite's), or the SQLite
	// database of another program. Open writes nothing into it.
	ErrNotCarcassonne = errors.New("not a Carcassonne database")
	// ErrDamaged: the database fails SQLite's PRAGMA quick_check (the
	// error quotes its first findings). Open writes nothing into it.
	ErrDamaged = errors.New("the database file is damaged")
)

// fileMode is the mode of a database file Open creates: only its owner
// reads and writes it. SQLite gives the files it keeps beside it (-wal,
// -shm) the same mode.
const fileMode = 0o600

// Open opens the database that dsn names and brings its schema up to date
// by applying the migrations it has not seen yet, in order, each in its own
// transaction. Close the Store when done.
//
// A dsn starting postgres:// or postgresql:// is the URL of a PostgreSQL
// database (see IsPostgresURL), in the form
// postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=disable (every
// parameter libpq knows may be added, and PGPASSWORD and the other PG*
// variables of the environment fill in what the URL leaves out); anything
// else is the path of a SQLite file, DefaultPath when empty.
//
// For PostgreSQL the database must exist and its schema (the user's
// current one, public by default) be empty or a Carcassonne one: Open
// refuses, with an error wrapping ErrNotCarcassonne, a schema holding
// other tables. The errors say in plain words whether the URL does not
// read or the server cannot be reached, and never show the password.
// Processes that open the same database at once set it up one after the
// other (they hold an advisory lock meanwhile).
//
// For a SQLite file: when it does not exist, Open creates it with mode
// 0600 (owner only); an existing file keeps its mode. Before it writes
// anything into an existing file, Open checks it and refuses, with an
// error wrapping ErrNotCarcassonne, a file that is empty (0 bytes) or
// shorter than SQLite's header (100 bytes; SQLite would take a 1-byte file
// for a new database and write over it), that is not a SQLite database, or that is the database of something else
// (tables but no goose_db_version, or tables this program does not know);
// with an error wrapping ErrDamaged a database that fails PRAGMA
// quick_check. It fails too when the database was written by a newer
// version whose schema this one does not know.
//
// Several processes may open the same file at once, a new one included:
// the set-up (creating the file, the checks and the migrations) holds an
// exclusive lock on the file PATH-lock beside the database, which Open
// creates (mode 0600) and leaves there; a second Open waits for the first
// one's set-up to end, or for ctx to be done. (On systems other than
// Linux, the BSDs, macOS and Windows there is no such lock.)
func Open(ctx context.Context, dsn string) (*Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// Options tune a Store; the zero value is the defaults.
type Options struct {
	// CacheBytes bounds the memory, in bytes, of the engine states the
	// Store keeps of the games played most recently (as
	// engine.Game.MemSize counts it), so that a move or a load need not
	// replay the game; 0 means DefaultCacheBytes, a negative value keeps
	// none.
	CacheBytes int
	// Now is the clock of the deadlines, the reminders and the times the
	// Store writes (turn started, game updated, ended); nil is time.Now.
	// A program whose own clock is not time.Now (a test that moves time
	// forward) gives the Store the same one, so that a turn's deadline and
	// the time it is checked against agree.
	Now func() time.Time
}

// clock returns opts.Now, or time.Now when it is nil.
func (opts Options) clock() func() time.Time {
	if opts.Now == nil {
		return time.Now
	}
	return opts.Now
}

// DefaultCacheBytes is the memory the Store's cache of engine states takes
// at most by default: 64 MiB, a few thousand games.
const DefaultCacheBytes = 64 << 20

// OpenWith is Open with options.
func OpenWith(ctx context.Context, dsn string, opts Options) (*Store, error) {
	if IsPostgresURL(dsn) {
		return openPostgres(ctx, dsn, opts)
	}
	return openSQLite(ctx, dsn, opts)
}

// openSQLite opens the SQLite file at path (see Open).
func openSQLite(ctx context.Context, path string, opts Options) (*Store, error) {
	if path == "" {
		path = DefaultPath
	}
	unlock, err := lockSetUp(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	defer unlock() // closing the lock file releases the lock in any case
	created, err := createFile(path)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	s, err := setUp(ctx, path, opts)
	if err != nil && created {
		// Leave no half-made database behind, which the next Open would
		// refuse (or finish).
		for _, suffix := range []string{"-wal", "-shm", ""} {
			os.Remove(path + suffix)
		}
	}
	return s, err
}

// createFile creates the database file at path with mode 0600 and tells
// whether it did; a file that exists already is left as it is, unless it
// is a folder or empty (0 bytes), which are refused. It runs under the
// set-up lock, so that a file another Open has just created has its schema
// already.
func createFile(path string) (created bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
	if err == nil {
		return true, f.Close()
	}
	if !errors.Is(err, fs.ErrExist) {
		return false, fmt.Errorf("cannot create the database file: %w", err)
	}
	return false, checkExisting(path)
}

// checkExisting refuses, with an error wrapping ErrNotCarcassonne, an
// existing file at path that cannot be a SQLite database: a folder, an
// empty file, a file shorter than SQLite's header or that does not start
// with it. It reads the file's first bytes only.
func checkExisting(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case fi.IsDir():
		return fmt.Errorf("%s is a folder, %w: choose a file", path, ErrNotCarcassonne)
	case fi.Size() == 0:
		return fmt.Errorf("%s is empty (0 bytes), %w: remove it or choose another file", path, ErrNotCarcassonne)
	case fi.Size() < sqliteHeaderSize:
		// SQLite itself takes some files shorter than its header (one byte)
		// for a new database and writes over them.
		return fmt.Errorf("%s is not a SQLite database, so %w (only %d of the 100 bytes of a SQLite header): remove it or choose another file",
			path, ErrNotCarcassonne, fi.Size())
	}
	return checkHeader(path)
}

// sqliteHeaderSize is the size, in bytes, of the header every SQLite
// database file starts with (https://www.sqlite.org/fileformat.html,
// section 1.3); sqliteMagic is its first 16 bytes.
const (
	sqliteHeaderSize = 100
	sqliteMagic      = "SQLite format 3\x00"
)

// checkHeader refuses, with an error wrapping ErrNotCarcassonne, a file at
// path whose first bytes are not SQLite's header; it reads and writes
// nothing else.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	if _, err := io.ReadFull(f, head); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if string(head) != sqliteMagic {
		return fmt.Errorf("%s is not a SQLite database, so %w: remove it or choose another file", path, ErrNotCarcassonne)
	}
	return nil
}

// setUp checks the database at path, brings its schema up to date and
// opens the Store's connections.
func setUp(ctx context.Context, path string, opts Options) (*Store, error) {
	if err := checkFile(ctx, path); err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	write, err := sql.Open("sqlite", dsn(path, writeParams))
	if err != nil {
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := migrate(ctx, write, sqliteDB, 0); err != nil {
		write.Close()
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	read, err := sql.Open("sqlite", dsn(path, readParams))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	n := min(max(runtime.GOMAXPROCS(0), 2), 8)
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	if err := read.PingContext(ctx); err != nil {
		write.Close()
		read.Close()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	s := &Store{dialect: sqliteDB, write: write, read: read, now: opts.clock()}
	if s.writeSt, err = prepareStmts(ctx, write, sqliteDB, true); err == nil {
		s.readSt, err = prepareStmts(ctx, read, sqliteDB, false)
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	s.setCache(opts)
	if err := s.backfillResults(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	return s, nil
}

// setCache gives s the cache of engine states that opts ask for.
func (s *Store) setCache(opts Options) {
	switch {
	case opts.CacheBytes == 0:
		s.cache = newStateCache(DefaultCacheBytes)
	case opts.CacheBytes > 0:
		s.cache = newStateCache(opts.CacheBytes)
	}
}

// checkParams opens a file for checkFile: reads only, so that a file that
// is refused is left as it was (not even turned to WAL mode).
const checkParams = "_pragma=busy_timeout(5000)&_pragma=query_only(1)"

// quickCheckLines is how many of PRAGMA quick_check's findings an error
// quotes.
const quickCheckLines = 3

// checkFile checks that the existing file at path is a sound SQLite
// database that is empty or a Carcassonne database (of any schema version),
// without writing to it. See Open for the errors.
func checkFile(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", dsn(path, checkParams))
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	rows, err := db.QueryContext(ctx, `PRAGMA quick_check`)
	if err != nil {
		return fileError(path, err)
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return fileError(path, err)
		}
		for _, l := range strings.Split(line, "\n") {
			if l = strings.TrimSpace(l); l != "ok" && l != "" && !strings.HasPrefix(l, "***") && len(problems) < quickCheckLines {
				problems = append(problems, l)
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fileError(path, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %w (PRAGMA quick_check: %s); restore it from a backup or choose another file",
			path, ErrDamaged, strings.Join(problems, "; "))
	}

	var tables []string
	rows, err = db.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return fileError(path, err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return fileError(path, err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fileError(path, err)
	}
	return checkTables(ctx, db, sqliteDB, path, "SQLite database", "file", tables)
}

// checkTables checks that a database whose tables (goose's included) are
// tables is empty or a Carcassonne database of dialect d, of any schema
// version; name names it, kind says what it is and noun what to choose
// instead, in the errors (see Open).
func checkTables(ctx context.Context, db *sql.DB, d dialect, name, kind, noun string, tables []string) error {
	if len(tables) == 0 {
		return nil // a new database
	}
	if !slices.Contains(tables, versionTable) {
		return fmt.Errorf("%s is the %s of something else (its tables: %s), %w: choose another %s",
			name, kind, strings.Join(tables, ", "), ErrNotCarcassonne, noun)
	}
	var version sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT max(version_id) FROM `+versionTable+` WHERE is_applied`).Scan(&version); err != nil {
		return fmt.Errorf("%s has a table %s that goose did not write (%v), %w: choose another %s",
			name, versionTable, err, ErrNotCarcassonne, noun)
	}
	latest, err := latestMigration(d)
	if err != nil {
		return err
	}
	if version.Int64 > latest {
		return nil // a newer program's: migrate says so
	}
	known, err := migrationTables(d)
	if err != nil {
		return err
	}
	var unknown []string
	for _, t := range tables {
		if t != versionTable && !slices.Contains(known, t) {
			unknown = append(unknown, t)
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("%s has tables that a Carcassonne database does not have (%s), so it is %w: choose another %s",
			name, strings.Join(unknown, ", "), ErrNotCarcassonne, noun)
	}
	return nil
}

// fileError explains an error of SQLite reading the file at path.
func fileError(path string, err error) error {
	var e *sqlite.Error
	if errors.As(err, &e) {
		switch e.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("%s is not a SQLite database, so %w: choose another file", path, ErrNotCarcassonne)
		case sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("%s: %w (%v); restore it from a backup or choose another file", path, ErrDamaged, err)
		}
	}
	return fmt.Errorf("%s: %w", path, err)
}

// versionTable is the table in which goose records the migrations applied.
const versionTable = "goose_db_version"

// createTable finds the tables a migration creates.
var createTable = regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["` + "`" + `\[]?(\w+)`)

// migrationTables returns the names of the tables the embedded migrations
// of dialect d create: the SQL files', as the Go migrations (goMigrations)
// create none.
func migrationTables(d dialect) ([]string, error) {
	fsys, dir := d.migrations()
	names, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		return nil, err
	}
	var tables []string
	for _, n := range names {
		b, err := fsys.ReadFile(n)
		if err != nil {
			return nil, err
		}
		for _, m := range createTable.FindAllStringSubmatch(string(b), -1) {
			tables = append(tables, m[1])
		}
	}
	return tables, nil
}

// latestMigration returns the version of the last migration of dialect d:
// of the embedded SQL files, the number its file name starts with, and of
// the Go migrations (goMigrations), its version.
func latestMigration(d dialect) (int64, error) {
	fsys, dir := d.migrations()
	names, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		return 0, err
	}
	var latest int64
	for _, n := range names {
		num, _, _ := strings.Cut(strings.TrimPrefix(n, dir+"/"), "_")
		v, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("migration %s has no version number", n)
		}
		latest = max(latest, v)
	}
	for _, m := range goMigrations(d) {
		latest = max(latest, m.Version)
	}
	return latest, nil
}

// IsBusy reports whether err says that the database was busy, so that the
// same call may succeed a moment later: SQLite found the database busy or
// locked (SQLITE_BUSY, SQLITE_LOCKED and their extended codes: another
// program held its write lock past the store's busy timeout), or
// PostgreSQL kept aborting the transaction for others' sake (serialization
// failures or deadlocks past the Store's retries) or could not take a lock.
func IsBusy(err error) bool {
	var e *sqlite.Error
	if errors.As(err, &e) {
		code := e.Code() & 0xff
		return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
	}
	switch pgCode(err) {
	case pgSerializationFailure, pgDeadlockDetected, pgLockNotAvailable:
		return true
	}
	return false
}
