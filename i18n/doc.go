// Package i18n speaks the players' languages (issue 34): it says which
// languages the bot and the terminal speak, reads a Discord locale or a
// POSIX LANG value into one of them, and looks messages up by id, with
// CLDR plural rules, through github.com/nicksnyder/go-i18n/v2.
//
// The messages live in locales/active.<tag>.toml, one file a language,
// and in files of one part of the program each, <part>.<tag>.toml
// (turnview.de.toml: the turn's words), all embedded in the binary. English (active.en.toml) is the source and the
// fallback: a message missing in a language reads in English, and one
// missing in English too reads as its id. Every message of English must be
// in every other file, with the same placeholders; the tests fail otherwise.
// The files are read once, at the first lookup; lookups are safe for
// concurrent use.
//
// Start with a language and its messages:
//
//	lang := i18n.Parse(interaction.Locale)        // "de", "es-419", "de_DE.UTF-8" …
//	lang.T("command.new.description", nil)        // "Eine Lobby für ein neues Spiel …"
//	lang.N("points", 5, nil)                      // "5 Punkte"
//	lang.N("player_scores", 3, map[string]any{"Player": "Ada"})
//	i18n.CommandLocalizations("command.new.name") // {"de": "neu", "fr": "nouvelle", …}
//
// # Adding a message
//
// Add it to active.en.toml first, then to every other file. A key is the
// message id, quoted because ids contain dots, and its value the text:
//
//	"lobby.waiting" = "Waiting for {{.Host}} to start the game"
//
// Placeholders are text/template fields of the data map ({{.Host}}); write
// whole sentences, never English fragments joined by hand, so that each
// language chooses its word order. A message that counts something is a
// table with one text per CLDR plural form of the language, the count as
// {{.Count}}, looked up with [Lang.N]:
//
//	[tiles_left]
//	one = "{{.Count}} tile left"
//	other = "{{.Count}} tiles left"
//
// English and German need one and other; French, Spanish and Italian one,
// many (millions: "1 000 000 de points") and other; Polish one, few, many
// and other (other is for fractions). The tests list the forms each
// language needs.
//
// French writes "de {{.Player}}" as usual: the catalog elides it when the
// value begins with a vowel ("le partisan d'Ordinateur (normal)", "de
// Bob"), so that no message needs two forms for one name.
//
// Use each language's rulebook words for the game: German Gefolgsleute,
// Ritter, Wegelagerer, Mönch, Bauer, Stadt, Straße, Kloster, Wiese, Karte;
// French partisans, chevalier, voleur, moine, paysan, ville, route, abbaye,
// pré, tuile; Spanish seguidores, caballero, ladrón, monje, granjero,
// ciudad, camino, monasterio, campo, loseta; Italian seguaci, cavaliere,
// brigante, monaco, contadino, città, strada, monastero, prato, tessera;
// Polish podwładni, rycerz, rozbójnik, mnich, chłop, miasto, droga,
// klasztor, pole, płytka.
//
// The ids of the slash command are command.description (the command's),
// command.<subcommand>.name and .description, command.<subcommand>.<option>.name
// and .description, command.<subcommand>.<option>.choice.<value> for a
// choice's name, and command.option.game.name and .description for the
// game option many subcommands share. A name follows Discord's rules:
// lowercase, 1 to 32 letters, digits, '-' or '_'.
package i18n
