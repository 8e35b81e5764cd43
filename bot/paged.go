package bot

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/i18n"
)

// Discord's select menus hold 25 options (spec/discord.md). A preview's
// menu with more choices than that is shown a page at a time: pageSize
// choices and the options that turn the pages ("◀ Choices 1–23", "▶ More
// choices: 47–69 of 80"), so that no choice is ever left out.
const (
	maxMenuOptions = 25
	pageSize       = maxMenuOptions - 2
	pagePrefix     = "page="
)

// pageAt is the page a player turned to in one menu of a preview: the
// menu's stage plus one (0: none; choice.id) and the page, from 0. The
// zero value turns no page: every menu shows the page of its chosen
// option.
type pageAt struct {
	menu int
	n    int
}

// value is the page's field in a preview's custom id ("1/2").
func (p pageAt) value() string { return strconv.Itoa(p.menu) + "/" + strconv.Itoa(p.n) }

// parsePageAt reads a pageAt.value.
func parsePageAt(v string) (pageAt, bool) {
	ms, ns, ok := strings.Cut(v, "/")
	m, err1 := strconv.Atoi(ms)
	n, err2 := strconv.Atoi(ns)
	return pageAt{menu: m, n: n}, ok && err1 == nil && err2 == nil && m > 0 && m <= maxPicks && n >= 0 && n < 100
}

// pageValue reads the value of a menu option that turns to another page;
// ok is false for a choice.
func pageValue(values []string) (n int, ok bool) {
	if len(values) != 1 {
		return 0, false
	}
	s, ok := strings.CutPrefix(values[0], pagePrefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

// menuPage returns the options a select menu shows of all: all when they
// fit, else one page of pageSize choices with the options that turn to the
// previous and the next page. The page shown is want when it is one
// (want < 0: none asked), else the page of the option chosen (Default),
// else the first.
func menuPage(l i18n.Lang, all []discordgo.SelectMenuOption, want int) []discordgo.SelectMenuOption {
	if len(all) <= maxMenuOptions {
		return all
	}
	pages := (len(all) + pageSize - 1) / pageSize
	page := 0
	for k, o := range all {
		if o.Default {
			page = k / pageSize
		}
	}
	if want >= 0 && want < pages {
		page = want
	}
	first, last := page*pageSize, min((page+1)*pageSize, len(all))
	var out []discordgo.SelectMenuOption
	if page > 0 {
		out = append(out, discordgo.SelectMenuOption{
			Label: tr(l, "bot.page.back", "First", first-pageSize+1, "Last", first),
			Value: pagePrefix + strconv.Itoa(page-1),
		})
	}
	out = append(out, all[first:last]...)
	if last < len(all) {
		out = append(out, discordgo.SelectMenuOption{
			Label: tr(l, "bot.page.more", "First", last+1, "Last", min(last+pageSize, len(all)), "All", len(all)),
			Value: pagePrefix + strconv.Itoa(page+1),
		})
	}
	return out
}

// pageLast is the number (from 1) of the last choice that an ephemeral
// message of five menus shows from the from-th (from 0) of all: the
// 125th, or the 124th when more follow and the last option turns to them.
func pageLast(from, all int) int {
	if from+5*maxMenuOptions >= all {
		return all
	}
	return from + 5*maxMenuOptions - 1
}
