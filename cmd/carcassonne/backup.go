package main

import (
	"context"
	"fmt"

	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// backupCmd is `carcassonne backup`: a consistent copy of a SQLite
// database, also while the bot is playing in it.
type backupCmd struct {
	DB string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The SQLite database to copy (the bot's), live or not."`
	To string `arg:"" name:"file" help:"The new file to write the copy into; it must not exist."`
}

// Run copies the database with storage.Backup and says how many games the
// copy holds and its size. It refuses a PostgreSQL URL (use pg_dump) and a
// file that exists already.
func (c *backupCmd) Run(e *env) error {
	if c.DB == "" {
		c.DB = storage.DefaultPath
	}
	res, err := storage.Backup(context.Background(), c.DB, c.To)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Backed up %s from %s into %s (%s). Restore it by stopping the bot and using it as the database (--db %s).\n",
		turnview.Plural(res.Games, "game"), c.DB, c.To, sizeWords(res.Bytes), quoteArg(c.To))
	return nil
}

// sizeWords says a size in bytes in KiB or MiB, one decimal.
func sizeWords(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
