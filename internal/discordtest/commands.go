package discordtest

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// cmdOpt and cmdDef are the parts of a registered command the server checks
// and builds interactions from.
type cmdOpt struct {
	Type         int      `json:"type"`
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Required     bool     `json:"required"`
	Autocomplete bool     `json:"autocomplete"`
	Choices      []choice `json:"choices"`
	Options      []cmdOpt `json:"options"`
	MinValue     *float64 `json:"min_value"`
	MaxValue     *float64 `json:"max_value"`
	MinLength    *int     `json:"min_length"`
	MaxLength    *int     `json:"max_length"`
	ChannelTypes []int    `json:"channel_types"`
}

type choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

type cmdDef struct {
	ID                       string   `json:"id"`
	Type                     int      `json:"type"`
	Name                     string   `json:"name"`
	Description              string   `json:"description"`
	GuildID                  string   `json:"guild_id"`
	DefaultMemberPermissions *string  `json:"default_member_permissions"`
	Options                  []cmdOpt `json:"options"`
}

var cmdNameRE = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// commandScope checks the app and guild of a command route and returns the
// scope key: "" for global commands, else the guild id.
func (s *Server) commandScope(c *call) (string, *apiError) {
	if c.path("app") != s.AppID {
		return "", errMissingAccess
	}
	g := c.path("guild")
	if g != "" && s.guild(g) == nil {
		return "", errMissingAccess
	}
	return g, nil
}

// normalizeCommand validates a command and fills in what Discord returns.
func (s *Server) normalizeCommand(in map[string]any, scope, id, path string) (map[string]any, *apiError) {
	out := map[string]any{}
	for k, v := range in {
		if v != nil {
			out[k] = v
		}
	}
	if _, ok := out["type"]; !ok {
		out["type"] = 1
	}
	raw, _ := json.Marshal(out)
	var d cmdDef
	if json.Unmarshal(raw, &d) != nil {
		return nil, formError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
	}
	switch d.Type {
	case 1:
		if !cmdNameRE.MatchString(d.Name) || strings.ToLower(d.Name) != d.Name {
			return nil, formError(path+"name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		}
		if n := utf8.RuneCountInString(d.Description); n < 1 || n > 100 {
			return nil, badLen(path+"description", 1, 100)
		}
		if e := validateOptions(d.Options, path+"options", 0); e != nil {
			return nil, e
		}
	case 2, 3:
		if n := utf8.RuneCountInString(d.Name); n < 1 || n > 32 {
			return nil, badLen(path+"name", 1, 32)
		}
		if d.Description != "" || len(d.Options) > 0 {
			return nil, formError(path+"description", "APPLICATION_COMMAND_CONTEXT_MENU_FIELDS", "Context menu commands cannot have a description or options")
		}
	default:
		return nil, formError(path+"type", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4}.")
	}
	if e := validateEnumList(out["contexts"], path+"contexts", []float64{0, 1, 2}, "{0, 1, 2}"); e != nil {
		return nil, e
	}
	if e := validateEnumList(out["integration_types"], path+"integration_types", []float64{0, 1}, "{0, 1}"); e != nil {
		return nil, e
	}
	for _, k := range []string{"dm_permission", "nsfw"} {
		if v, ok := out[k]; ok {
			if _, isBool := v.(bool); !isBool {
				return nil, formError(path+k, "BASE_TYPE_BOOLEAN", "Must be either true or false.")
			}
		}
	}
	if p := d.DefaultMemberPermissions; p != nil {
		if _, err := strconv.ParseUint(*p, 10, 64); err != nil {
			return nil, formError(path+"default_member_permissions", "NUMBER_TYPE_COERCE", "Value is not a valid permission set")
		}
	}
	out["id"] = id
	out["application_id"] = s.AppID
	out["version"] = s.newID()
	if scope != "" {
		out["guild_id"] = scope
	}
	for k, v := range map[string]any{
		"default_member_permissions": nil,
		"nsfw":                       false,
		"integration_types":          []any{0},
		"contexts":                   nil,
		"description":                "",
	} {
		if _, ok := out[k]; !ok {
			out[k] = v
		}
	}
	if scope == "" {
		if _, ok := out["dm_permission"]; !ok {
			out["dm_permission"] = true
		}
	}
	if opts, ok := out["options"].([]any); ok && len(opts) == 0 {
		delete(out, "options")
	}
	return out, nil
}

// validateEnumList checks a command's list of enumerated integers, such as
// contexts (0 guild, 1 bot DM, 2 private channel) or integration_types (0
// guild install, 1 user install): nil (absent or null) passes, anything
// else must be an array of distinct values among allowed, as Discord checks
// them.
func validateEnumList(v any, path string, allowed []float64, names string) *apiError {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return formError(path, "BASE_TYPE_ARRAY", "Must be an array.")
	}
	seen := map[float64]bool{}
	for i, x := range list {
		p := fmt.Sprintf("%s.%d", path, i)
		n, ok := x.(float64)
		if k, isInt := x.(int); isInt {
			n, ok = float64(k), true
		}
		if !ok || n != math.Trunc(n) {
			return formError(p, "NUMBER_TYPE_COERCE", "Value is not a valid integer.")
		}
		if !slices.Contains(allowed, n) {
			return formError(p, "BASE_TYPE_CHOICES", "Value must be one of "+names+".")
		}
		if seen[n] {
			return formError(path, "SET_TYPE_ALREADY_CONTAINS_VALUE", "The set already contains this value.")
		}
		seen[n] = true
	}
	return nil
}

// validateOptions checks a command's options; depth 0 is the command, 1 a
// subcommand group, 2 a subcommand under a group.
func validateOptions(opts []cmdOpt, path string, depth int) *apiError {
	if len(opts) > 25 {
		return maxLen(path, 25)
	}
	names := map[string]bool{}
	subs, others, optional := 0, 0, false
	for i, o := range opts {
		p := fmt.Sprintf("%s.%d.", path, i)
		if !cmdNameRE.MatchString(o.Name) || strings.ToLower(o.Name) != o.Name {
			return formError(p+"name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		}
		if names[o.Name] {
			return formError(p+"name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		names[o.Name] = true
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			return badLen(p+"description", 1, 100)
		}
		switch o.Type {
		case 1, 2:
			subs++
			if o.Type == 2 && depth > 0 || o.Type == 1 && depth > 1 {
				return formError(p+"type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested this deep")
			}
			if o.Type == 2 {
				if slices.ContainsFunc(o.Options, func(c cmdOpt) bool { return c.Type != 1 }) {
					return formError(p+"options", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "A subcommand group may only contain subcommands")
				}
				if e := validateOptions(o.Options, p+"options", 1); e != nil {
					return e
				}
			} else if e := validateOptions(o.Options, p+"options", 2); e != nil {
				return e
			}
			continue
		case 3, 4, 5, 6, 7, 8, 9, 10, 11:
			others++
		default:
			return formError(p+"type", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.")
		}
		if len(o.Options) > 0 {
			return formError(p+"options", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Only subcommands and groups have options")
		}
		if o.Required && optional {
			return formError(p+"required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
		}
		optional = optional || !o.Required
		if len(o.Choices) > 25 {
			return maxLen(p+"choices", 25)
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			return formError(p+"autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Autocomplete cannot be set with choices")
		}
		if len(o.Choices) > 0 && o.Type != 3 && o.Type != 4 && o.Type != 10 {
			return formError(p+"choices", "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Only string, integer and number options have choices")
		}
		if o.Autocomplete && o.Type != 3 && o.Type != 4 && o.Type != 10 {
			return formError(p+"autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Only string, integer and number options can autocomplete")
		}
		for j, ch := range o.Choices {
			cp := fmt.Sprintf("%schoices.%d.", p, j)
			if n := utf8.RuneCountInString(ch.Name); n < 1 || n > 100 {
				return badLen(cp+"name", 1, 100)
			}
			switch v := ch.Value.(type) {
			case string:
				if o.Type != 3 {
					return formError(cp+"value", "NUMBER_TYPE_COERCE", "Value is not a valid number.")
				}
				if n := utf8.RuneCountInString(v); n < 1 || n > 100 {
					return badLen(cp+"value", 1, 100)
				}
			case float64:
				if o.Type == 3 {
					return formError(cp+"value", "BASE_TYPE_STRING", "Must be a string.")
				}
				if o.Type == 4 && v != math.Trunc(v) {
					return formError(cp+"value", "NUMBER_TYPE_COERCE", "Value is not a valid integer.")
				}
			default:
				return required(cp + "value")
			}
		}
	}
	if subs > 0 && others > 0 {
		return formError(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and groups cannot be mixed with other options")
	}
	return nil
}

func decodeCommandList(raw json.RawMessage) ([]map[string]any, *apiError) {
	var list []map[string]any
	if json.Unmarshal(raw, &list) != nil {
		return nil, formError("", "BASE_TYPE_ARRAY", "Must be an array.")
	}
	return list, nil
}

func cmdKey(c map[string]any) string {
	t := 1
	if v, ok := c["type"].(float64); ok {
		t = int(v)
	} else if v, ok := c["type"].(int); ok {
		t = v
	}
	name, _ := c["name"].(string)
	return fmt.Sprintf("%d/%s", t, name)
}

func (s *Server) findCommandByKey(scope, key string) int {
	return slices.IndexFunc(s.commands[scope], func(c map[string]any) bool { return cmdKey(c) == key })
}

func (s *Server) findCommandByID(scope, id string) int {
	return slices.IndexFunc(s.commands[scope], func(c map[string]any) bool { return c["id"] == id })
}

// GET /applications/{app}[/guilds/{guild}]/commands
func (s *Server) listCommands(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope, e := s.commandScope(c)
	if e != nil {
		return 0, e
	}
	out := []any{}
	for _, cmd := range s.commands[scope] {
		out = append(out, cmd)
	}
	return 200, out
}

// PUT /applications/{app}[/guilds/{guild}]/commands
func (s *Server) overwriteCommands(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope, e := s.commandScope(c)
	if e != nil {
		return 0, e
	}
	list, e := decodeCommandList(c.json)
	if e != nil {
		return 0, e
	}
	if len(list) > 200 {
		return 0, maxLen("", 200)
	}
	seen := map[string]bool{}
	var out []map[string]any
	for i, in := range list {
		key := cmdKey(in)
		if seen[key] {
			return 0, formError(strconv.Itoa(i)+".name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
		id := s.newID()
		if j := s.findCommandByKey(scope, key); j >= 0 {
			id = s.commands[scope][j]["id"].(string)
		}
		cmd, e := s.normalizeCommand(in, scope, id, strconv.Itoa(i)+".")
		if e != nil {
			return 0, e
		}
		out = append(out, cmd)
	}
	s.commands[scope] = out
	s.notify()
	res := []any{}
	for _, cmd := range out {
		res = append(res, cmd)
	}
	return 200, res
}

// POST /applications/{app}[/guilds/{guild}]/commands
func (s *Server) createCommand(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope, e := s.commandScope(c)
	if e != nil {
		return 0, e
	}
	var in map[string]any
	if json.Unmarshal(c.json, &in) != nil || in == nil {
		return 0, formError("", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
	}
	key := cmdKey(in)
	j := s.findCommandByKey(scope, key)
	id := s.newID()
	if j >= 0 {
		id = s.commands[scope][j]["id"].(string)
	}
	cmd, e := s.normalizeCommand(in, scope, id, "")
	if e != nil {
		return 0, e
	}
	s.notify()
	if j >= 0 {
		s.commands[scope][j] = cmd
		return 200, cmd
	}
	s.commands[scope] = append(s.commands[scope], cmd)
	return 201, cmd
}

// GET /applications/{app}[/guilds/{guild}]/commands/{command}
func (s *Server) getCommand(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope, e := s.commandScope(c)
	if e != nil {
		return 0, e
	}
	j := s.findCommandByID(scope, c.path("command"))
	if j < 0 {
		return 0, errUnknownCommand
	}
	return 200, s.commands[scope][j]
}

// PATCH /applications/{app}[/guilds/{guild}]/commands/{command}
func (s *Server) editCommand(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope, e := s.commandScope(c)
	if e != nil {
		return 0, e
	}
	j := s.findCommandByID(scope, c.path("command"))
	if j < 0 {
		return 0, errUnknownCommand
	}
	var patch map[string]any
	if json.Unmarshal(c.json, &patch) != nil {
		return 0, formError("", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
	}
	merged := map[string]any{}
	for k, v := range s.commands[scope][j] {
		merged[k] = v
	}
	for k, v := range patch {
		if k != "id" && k != "application_id" && k != "version" && k != "guild_id" {
			merged[k] = v
		}
	}
	cmd, e := s.normalizeCommand(merged, scope, c.path("command"), "")
	if e != nil {
		return 0, e
	}
	s.commands[scope][j] = cmd
	s.notify()
	return 200, cmd
}

// DELETE /applications/{app}[/guilds/{guild}]/commands/{command}
func (s *Server) deleteCommand(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope, e := s.commandScope(c)
	if e != nil {
		return 0, e
	}
	j := s.findCommandByID(scope, c.path("command"))
	if j < 0 {
		return 0, errUnknownCommand
	}
	s.commands[scope] = slices.Delete(s.commands[scope], j, j+1)
	s.notify()
	return 204, nil
}

// GET /applications/{app}/guilds/{guild}/commands/permissions
func (s *Server) listCommandPermissions(c *call) (int, any) {
	if _, e := s.commandScope(c); e != nil {
		return 0, e
	}
	return 200, []any{}
}

// Commands returns the application commands currently registered, global
// ones for guildID "", else those of that guild, in registration order.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	raw, _ := json.Marshal(s.commands[guildID])
	s.mu.Unlock()
	var out []*discordgo.ApplicationCommand
	json.Unmarshal(raw, &out)
	return out
}

// tokenize splits a command line on spaces, keeping double-quoted runs
// (quotes removed) together.
func tokenize(line string) ([]string, error) {
	var toks []string
	var cur strings.Builder
	inQuote, have := false, false
	for _, r := range line {
		switch {
		case r == '"':
			inQuote = !inQuote
			have = true
		case r == ' ' && !inQuote:
			if have {
				toks = append(toks, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if inQuote {
		return nil, fmt.Errorf("discordtest: unbalanced quote in %q", line)
	}
	if have {
		toks = append(toks, cur.String())
	}
	return toks, nil
}

// commandData builds an APPLICATION_COMMAND (or, with autocomplete, an
// autocomplete) interaction's data from a typed line. Callers hold s.mu.
func (s *Server) commandData(line string, a Actor, focused string, autocomplete bool) (map[string]any, string, error) {
	toks, err := tokenize(line)
	if err != nil {
		return nil, "", err
	}
	if len(toks) == 0 {
		return nil, "", fmt.Errorf("discordtest: empty command line")
	}
	name := strings.TrimPrefix(toks[0], "/")
	var def cmdDef
	found := false
	for _, scope := range []string{s.actorGuild(a), ""} {
		if j := s.findCommandByKey(scope, "1/"+name); j >= 0 {
			raw, _ := json.Marshal(s.commands[scope][j])
			json.Unmarshal(raw, &def)
			found = true
			break
		}
	}
	if !found {
		return nil, "", notYet{fmt.Errorf("discordtest: no slash command /%s is registered", name)}
	}
	if p := def.DefaultMemberPermissions; p != nil {
		need, _ := strconv.ParseUint(*p, 10, 64)
		have, _ := strconv.ParseUint(a.Permissions, 10, 64)
		if have&discordgo.PermissionAdministrator == 0 && (need == 0 || have&need != need) {
			return nil, "", fmt.Errorf("discordtest: /%s needs permissions %s; the member has %s", name, *p, a.Permissions)
		}
	}
	resolved := map[string]map[string]any{}
	rest := toks[1:]
	level := def.Options
	fullName := name
	var wrap []func([]any) []any
	for slices.ContainsFunc(level, func(o cmdOpt) bool { return o.Type == 1 || o.Type == 2 }) {
		if len(rest) == 0 || strings.Contains(rest[0], ":") {
			return nil, "", fmt.Errorf("discordtest: /%s needs a subcommand", fullName)
		}
		k := slices.IndexFunc(level, func(o cmdOpt) bool { return o.Name == rest[0] && (o.Type == 1 || o.Type == 2) })
		if k < 0 {
			return nil, "", fmt.Errorf("discordtest: /%s has no subcommand %q", fullName, rest[0])
		}
		sub := level[k]
		fullName += " " + sub.Name
		wrap = append(wrap, func(inner []any) []any {
			return []any{map[string]any{"type": sub.Type, "name": sub.Name, "options": inner}}
		})
		level, rest = sub.Options, rest[1:]
	}
	opts := []any{}
	given := map[string]bool{}
	for _, tok := range rest {
		key, val, ok := strings.Cut(tok, ":")
		if !ok {
			return nil, "", fmt.Errorf("discordtest: /%s: %q is not name:value", fullName, tok)
		}
		k := slices.IndexFunc(level, func(o cmdOpt) bool { return o.Name == key })
		if k < 0 {
			return nil, "", fmt.Errorf("discordtest: /%s has no option %q", fullName, key)
		}
		if given[key] {
			return nil, "", fmt.Errorf("discordtest: /%s: option %q given twice", fullName, key)
		}
		given[key] = true
		o := level[k]
		opt := map[string]any{"type": o.Type, "name": o.Name}
		if autocomplete && key == focused {
			opt["value"], opt["focused"] = val, true
		} else {
			v, err := s.optionValue(s.guild(s.actorGuild(a)), o, val, resolved)
			if err != nil {
				return nil, "", fmt.Errorf("discordtest: /%s %s: %w", fullName, key, err)
			}
			opt["value"] = v
		}
		opts = append(opts, opt)
	}
	if autocomplete {
		k := slices.IndexFunc(level, func(o cmdOpt) bool { return o.Name == focused })
		if k < 0 || !level[k].Autocomplete {
			return nil, "", fmt.Errorf("discordtest: /%s has no autocomplete option %q", fullName, focused)
		}
		if !given[focused] {
			opts = append(opts, map[string]any{"type": level[k].Type, "name": focused, "value": "", "focused": true})
		}
	} else {
		for _, o := range level {
			if o.Required && !given[o.Name] {
				return nil, "", fmt.Errorf("discordtest: /%s needs option %q", fullName, o.Name)
			}
		}
	}
	for k := len(wrap) - 1; k >= 0; k-- {
		opts = wrap[k](opts)
	}
	data := map[string]any{"id": def.ID, "name": def.Name, "type": 1}
	if len(opts) > 0 {
		data["options"] = opts
	}
	if def.GuildID != "" {
		data["guild_id"] = def.GuildID
	}
	if len(resolved) > 0 {
		data["resolved"] = resolved
	}
	return data, fullName, nil
}

// optionValue converts and checks a typed option value. Callers hold s.mu.
func (s *Server) optionValue(g *guild, o cmdOpt, val string, resolved map[string]map[string]any) (any, error) {
	var v any
	switch o.Type {
	case 3:
		n := utf8.RuneCountInString(val)
		if o.MinLength != nil && n < *o.MinLength || o.MaxLength != nil && n > *o.MaxLength || n > 6000 {
			return nil, fmt.Errorf("length %d out of range", n)
		}
		v = val
	case 4, 10:
		f, err := strconv.ParseFloat(val, 64)
		if err != nil || o.Type == 4 && f != math.Trunc(f) {
			return nil, fmt.Errorf("%q is not a valid %s", val, map[int]string{4: "integer", 10: "number"}[o.Type])
		}
		if o.MinValue != nil && f < *o.MinValue || o.MaxValue != nil && f > *o.MaxValue {
			return nil, fmt.Errorf("%v out of range", f)
		}
		if o.Type == 4 {
			v = int64(f)
		} else {
			v = f
		}
	case 5:
		b, err := strconv.ParseBool(val)
		if err != nil {
			return nil, fmt.Errorf("%q is not a boolean", val)
		}
		v = b
	case 6, 7, 8, 9:
		id := strings.Trim(val, "<@#&!>")
		r := s.resolveIDs(g, []string{id})
		kinds := map[int][]string{6: {"users"}, 7: {"channels"}, 8: {"roles"}, 9: {"users", "roles"}}[o.Type]
		if !slices.ContainsFunc(kinds, func(k string) bool { return r[k] != nil }) {
			return nil, fmt.Errorf("unknown id %q for an option of type %d", id, o.Type)
		}
		if o.Type == 7 && len(o.ChannelTypes) > 0 && !slices.Contains(o.ChannelTypes, s.channels[id].typ) {
			return nil, fmt.Errorf("channel %s is not of an allowed type", id)
		}
		for k, m := range r {
			if resolved[k] == nil {
				resolved[k] = map[string]any{}
			}
			for id, obj := range m.(map[string]any) {
				resolved[k][id] = obj
			}
		}
		v = id
	default:
		return nil, fmt.Errorf("options of type %d are not supported by discordtest", o.Type)
	}
	if len(o.Choices) > 0 && !slices.ContainsFunc(o.Choices, func(c choice) bool { return fmt.Sprint(c.Value) == fmt.Sprint(v) }) {
		return nil, fmt.Errorf("%v is not one of the option's choices", v)
	}
	return v, nil
}

// resolveIDs builds an interaction's resolved object for known user,
// channel and role ids, with members and roles of guild g (nil: the
// server's first guild). Callers hold s.mu.
func (s *Server) resolveIDs(g *guild, ids []string) map[string]any {
	if g == nil {
		g = s.guilds[0]
	}
	users, members, channels, roles := map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}
	for _, id := range ids {
		if u, ok := s.users[id]; ok {
			users[id] = s.userJSON(u)
			if _, ok := s.joined[id]; ok {
				m := s.memberJSON(g, id)
				delete(m, "user")
				m["permissions"] = DefaultPermissions
				members[id] = m
			}
		}
		if c := s.channels[id]; c != nil && !c.deleted {
			cj := map[string]any{"id": c.id, "name": c.name, "type": c.typ, "permissions": DefaultPermissions}
			if c.isThread() {
				full := s.channelJSON(c)
				cj["parent_id"], cj["thread_metadata"] = full["parent_id"], full["thread_metadata"]
			}
			channels[id] = cj
		}
		for _, r := range s.rolesJSON(g) {
			if r.(map[string]any)["id"] == id {
				roles[id] = r
			}
		}
	}
	out := map[string]any{}
	for k, m := range map[string]map[string]any{"users": users, "members": members, "channels": channels, "roles": roles} {
		if len(m) > 0 {
			out[k] = m
		}
	}
	return out
}
