package discordtest

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// buildMessage validates a create-message payload (channel message,
// interaction response or followup) and returns the message, not yet stored.
// prefix is the path of the payload in the request body for error reports.
func (s *Server) buildMessage(ch *channel, f fields, files []File, prefix string, allowEphemeral bool) (*message, *apiError) {
	m := &message{id: s.newID(), channelID: ch.id, author: s.Bot, created: time.Now().UTC()}
	if f.set("content") {
		if json.Unmarshal(f["content"], &m.content) != nil {
			return nil, formError(prefix+"content", "BASE_TYPE_STRING", "Must be a string.")
		}
	}
	if f.set("embeds") {
		embeds, e := parseEmbeds(f["embeds"], prefix+"embeds")
		if e != nil {
			return nil, e
		}
		m.embeds = embeds
	}
	if f.set("components") {
		m.components = f["components"]
	}
	f.decode("tts", &m.tts)
	allowed := int64(flagSuppressEmbeds | flagSuppressNotifications | flagComponentsV2)
	if allowEphemeral {
		allowed |= flagEphemeral
	}
	m.flags = int(f.int("flags") & allowed)
	if f.set("poll") {
		m.poll = f["poll"]
	}
	meta, e := attachmentMeta(f, prefix)
	if e != nil {
		return nil, e
	}
	m.attachments = s.newAttachments(files, meta)
	var stickers []string
	f.decode("sticker_ids", &stickers)
	if e := validateMessage(m, prefix, len(stickers) > 0); e != nil {
		return nil, e
	}
	return m, nil
}

// attachmentMeta reads the payload's attachments entries, by id.
func attachmentMeta(f fields, prefix string) (map[string]fields, *apiError) {
	meta := map[string]fields{}
	if !f.set("attachments") {
		return meta, nil
	}
	var list []fields
	if json.Unmarshal(f["attachments"], &list) != nil {
		return nil, formError(prefix+"attachments", "BASE_TYPE_ARRAY", "Must be an array.")
	}
	for i, a := range list {
		id := strings.Trim(string(a["id"]), `" `)
		if id == "" || id == "null" {
			return nil, formError(fmt.Sprintf("%sattachments.%d.id", prefix, i), "BASE_TYPE_REQUIRED", "This field is required")
		}
		meta[id] = a
	}
	return meta, nil
}

// editMessage applies an edit payload (PATCH of a message, UPDATE_MESSAGE
// callback, deferred followup) to a copy of old. Absent fields are kept;
// content and embeds set to null are cleared; components set to null are
// kept (as Discord does); new files are appended to the attachments, of
// which only those listed by id in attachments are kept when it is set.
func (s *Server) editMessage(old *message, f fields, files []File, prefix string) (*message, *apiError) {
	m := old.clone()
	if f.present("content") {
		m.content = ""
		if f.set("content") && json.Unmarshal(f["content"], &m.content) != nil {
			return nil, formError(prefix+"content", "BASE_TYPE_STRING", "Must be a string.")
		}
	}
	if f.present("embeds") {
		m.embeds = nil
		if f.set("embeds") {
			embeds, e := parseEmbeds(f["embeds"], prefix+"embeds")
			if e != nil {
				return nil, e
			}
			m.embeds = embeds
		}
	}
	if f.set("components") {
		m.components = f["components"]
	}
	if f.set("flags") {
		fl := int(f.int("flags"))
		m.flags = m.flags&^flagSuppressEmbeds | fl&flagSuppressEmbeds | fl&flagComponentsV2
	}
	m.flags &^= flagLoading
	meta, e := attachmentMeta(f, prefix)
	if e != nil {
		return nil, e
	}
	if f.set("attachments") {
		var kept []*attachment
		for _, a := range m.attachments {
			if _, ok := meta[a.id]; ok {
				kept = append(kept, a)
			}
		}
		m.attachments = kept
	}
	m.attachments = append(m.attachments, s.newAttachments(files, meta)...)
	now := time.Now().UTC()
	m.edited = &now
	if e := validateMessage(m, prefix, false); e != nil {
		return nil, e
	}
	return m, nil
}

func parseEmbeds(raw json.RawMessage, path string) ([]map[string]any, *apiError) {
	var embeds []map[string]any
	if json.Unmarshal(raw, &embeds) != nil {
		return nil, formError(path, "BASE_TYPE_ARRAY", "Must be an array.")
	}
	for _, e := range embeds {
		if e == nil {
			return nil, formError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
		}
		if _, ok := e["type"]; !ok {
			e["type"] = "rich"
		}
	}
	return embeds, nil
}

func runes(v any) int {
	s, _ := v.(string)
	return utf8.RuneCountInString(s)
}

func maxLen(path string, n int) *apiError {
	return formError(path, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", n))
}

func badLen(path string, lo, hi int) *apiError {
	return formError(path, "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between %d and %d in length.", lo, hi))
}

func required(path string) *apiError {
	return formError(path, "BASE_TYPE_REQUIRED", "This field is required")
}

// validateMessage checks a message's final state against Discord's limits.
func validateMessage(m *message, prefix string, hasStickers bool) *apiError {
	if utf8.RuneCountInString(m.content) > 2000 {
		return maxLen(prefix+"content", 2000)
	}
	if len(m.embeds) > 10 {
		return maxLen(prefix+"embeds", 10)
	}
	total := 0
	for i, e := range m.embeds {
		p := fmt.Sprintf("%sembeds.%d.", prefix, i)
		for _, lim := range []struct {
			key string
			n   int
		}{{"title", 256}, {"description", 4096}} {
			if runes(e[lim.key]) > lim.n {
				return maxLen(p+lim.key, lim.n)
			}
			total += runes(e[lim.key])
		}
		if footer, ok := e["footer"].(map[string]any); ok {
			if runes(footer["text"]) > 2048 {
				return maxLen(p+"footer.text", 2048)
			}
			total += runes(footer["text"])
		}
		if author, ok := e["author"].(map[string]any); ok {
			if runes(author["name"]) > 256 {
				return maxLen(p+"author.name", 256)
			}
			total += runes(author["name"])
		}
		fieldList, _ := e["fields"].([]any)
		if len(fieldList) > 25 {
			return maxLen(p+"fields", 25)
		}
		for j, fv := range fieldList {
			fm, _ := fv.(map[string]any)
			fp := fmt.Sprintf("%sfields.%d.", p, j)
			switch {
			case runes(fm["name"]) == 0:
				return required(fp + "name")
			case runes(fm["value"]) == 0:
				return required(fp + "value")
			case runes(fm["name"]) > 256:
				return maxLen(fp+"name", 256)
			case runes(fm["value"]) > 1024:
				return maxLen(fp+"value", 1024)
			}
			total += runes(fm["name"]) + runes(fm["value"])
		}
	}
	if total > 6000 {
		return formError(prefix+"embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
	if len(m.attachments) > 10 {
		return maxLen(prefix+"attachments", 10)
	}
	v2 := m.flags&flagComponentsV2 != 0
	if m.components != nil {
		if e := validateComponents(m.components, prefix+"components", v2); e != nil {
			return e
		}
	}
	if v2 && (m.content != "" || len(m.embeds) > 0) {
		return formError(prefix+"content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
			"The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2")
	}
	if m.flags&flagLoading == 0 && m.content == "" && len(m.embeds) == 0 && len(m.attachments) == 0 &&
		m.componentCount() == 0 && m.poll == nil && !hasStickers {
		return errEmptyMessage
	}
	return nil
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func isSelect(t int) bool { return t == 3 || (t >= 5 && t <= 8) }

// validateComponents checks message components: legacy action rows, or
// with IS_COMPONENTS_V2 a lighter walk of the layout.
func validateComponents(raw json.RawMessage, path string, v2 bool) *apiError {
	var comps []any
	if json.Unmarshal(raw, &comps) != nil {
		return formError(path, "BASE_TYPE_ARRAY", "Must be an array.")
	}
	ids := map[string]bool{}
	if v2 {
		if len(comps) > 40 {
			return maxLen(path, 40)
		}
		return walkV2(comps, path, ids)
	}
	if len(comps) > 5 {
		return maxLen(path, 5)
	}
	for i, rv := range comps {
		row, _ := rv.(map[string]any)
		p := fmt.Sprintf("%s.%d", path, i)
		if num(row["type"]) != 1 {
			return formError(p+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (1,).`)
		}
		children, _ := row["components"].([]any)
		if len(children) < 1 || len(children) > 5 {
			return badLen(p+".components", 1, 5)
		}
		for j, cv := range children {
			c, _ := cv.(map[string]any)
			cp := fmt.Sprintf("%s.components.%d", p, j)
			if e := validateComponent(c, cp, ids, false); e != nil {
				return e
			}
			if isSelect(num(c["type"])) && len(children) > 1 {
				return formError(cp, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
			}
		}
	}
	return nil
}

func walkV2(list []any, path string, ids map[string]bool) *apiError {
	for i, v := range list {
		c, ok := v.(map[string]any)
		if !ok {
			continue
		}
		p := fmt.Sprintf("%s.%d", path, i)
		t := num(c["type"])
		if t == 2 || isSelect(t) {
			if e := validateComponent(c, p, ids, false); e != nil {
				return e
			}
		}
		if sub, ok := c["components"].([]any); ok {
			if e := walkV2(sub, p+".components", ids); e != nil {
				return e
			}
		}
		for _, k := range []string{"accessory", "component"} {
			if sub, ok := c[k].(map[string]any); ok {
				if e := walkV2([]any{sub}, p+"."+k, ids); e != nil {
					return e
				}
			}
		}
	}
	return nil
}

// validateComponent checks one interactive component; modal allows text
// inputs.
func validateComponent(c map[string]any, p string, ids map[string]bool, modal bool) *apiError {
	t := num(c["type"])
	checkID := func() *apiError {
		id, _ := c["custom_id"].(string)
		switch {
		case id == "":
			return required(p + ".custom_id")
		case utf8.RuneCountInString(id) > 100:
			return maxLen(p+".custom_id", 100)
		case ids[id]:
			return formError(p+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		}
		ids[id] = true
		return nil
	}
	switch {
	case t == 2 && !modal:
		style := num(c["style"])
		if style < 1 || style > 6 {
			return formError(p+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
		}
		if runes(c["label"]) > 80 {
			return maxLen(p+".label", 80)
		}
		switch style {
		case 5:
			if runes(c["url"]) == 0 {
				return required(p + ".url")
			}
			if c["custom_id"] != nil {
				return formError(p+".custom_id", "BUTTON_LINK_CANNOT_HAVE_CUSTOM_ID", "A link button cannot have a custom id")
			}
		case 6:
			if runes(c["sku_id"]) == 0 {
				return required(p + ".sku_id")
			}
		default:
			if runes(c["label"]) == 0 && c["emoji"] == nil {
				return formError(p, "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A button must have a label or an emoji")
			}
			return checkID()
		}
	case isSelect(t) && !modal || t == 3 && modal:
		if e := checkID(); e != nil {
			return e
		}
		if runes(c["placeholder"]) > 150 {
			return maxLen(p+".placeholder", 150)
		}
		minV, maxV := 1, 1
		if v, ok := c["min_values"].(float64); ok {
			minV = int(v)
		}
		if v, ok := c["max_values"].(float64); ok {
			maxV = int(v)
		}
		if minV < 0 || minV > 25 {
			return formError(p+".min_values", "NUMBER_TYPE_MAX", "Int value should be between 0 and 25.")
		}
		if maxV < 1 || maxV > 25 || maxV < minV {
			return formError(p+".max_values", "NUMBER_TYPE_MAX", "Int value should be between 1 and 25.")
		}
		if t == 3 {
			opts, _ := c["options"].([]any)
			if len(opts) < 1 || len(opts) > 25 {
				return badLen(p+".options", 1, 25)
			}
			if maxV > len(opts) {
				return formError(p+".max_values", "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS", "max_values exceeds the number of options")
			}
			seen := map[string]bool{}
			for k, ov := range opts {
				o, _ := ov.(map[string]any)
				op := fmt.Sprintf("%s.options.%d", p, k)
				for _, key := range []string{"label", "value"} {
					if n := runes(o[key]); n < 1 || n > 100 {
						return badLen(op+"."+key, 1, 100)
					}
				}
				if runes(o["description"]) > 100 {
					return maxLen(op+".description", 100)
				}
				v, _ := o["value"].(string)
				if seen[v] {
					return formError(op+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Select option values must be unique")
				}
				seen[v] = true
			}
		}
	case t == 4 && modal:
		if e := checkID(); e != nil {
			return e
		}
		if style := num(c["style"]); style != 1 && style != 2 {
			return formError(p+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
		}
		if runes(c["label"]) > 45 {
			return maxLen(p+".label", 45)
		}
		if runes(c["value"]) > 4000 {
			return maxLen(p+".value", 4000)
		}
		if runes(c["placeholder"]) > 100 {
			return maxLen(p+".placeholder", 100)
		}
	default:
		return formError(p+".type", "COMPONENT_TYPE_INVALID", fmt.Sprintf("Component type %d is not allowed here", t))
	}
	return nil
}

// validateModal checks a MODAL callback's data.
func validateModal(data fields) *apiError {
	var title, id string
	data.decode("title", &title)
	data.decode("custom_id", &id)
	if n := utf8.RuneCountInString(title); n < 1 || n > 45 {
		return badLen("data.title", 1, 45)
	}
	if n := utf8.RuneCountInString(id); n < 1 || n > 100 {
		return badLen("data.custom_id", 1, 100)
	}
	var comps []map[string]any
	data.decode("components", &comps)
	if len(comps) < 1 || len(comps) > 5 {
		return badLen("data.components", 1, 5)
	}
	ids := map[string]bool{}
	for i, c := range comps {
		p := fmt.Sprintf("data.components.%d", i)
		var inner map[string]any
		switch num(c["type"]) {
		case 1:
			children, _ := c["components"].([]any)
			if len(children) != 1 {
				return badLen(p+".components", 1, 1)
			}
			inner, _ = children[0].(map[string]any)
			p += ".components.0"
			if num(inner["type"]) == 4 && runes(inner["label"]) == 0 {
				return required(p + ".label")
			}
		case 18:
			inner, _ = c["component"].(map[string]any)
			if runes(c["label"]) == 0 {
				return required(p + ".label")
			}
			p += ".component"
		case 10:
			continue
		default:
			return formError(p+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (1, 10, 18).`)
		}
		if e := validateComponent(inner, p, ids, true); e != nil {
			return e
		}
	}
	return nil
}

// validateChoices checks an APPLICATION_COMMAND_AUTOCOMPLETE_RESULT's data.
func validateChoices(data fields) *apiError {
	var choices []map[string]any
	if data.set("choices") && !data.decode("choices", &choices) {
		return formError("data.choices", "BASE_TYPE_ARRAY", "Must be an array.")
	}
	if len(choices) > 25 {
		return maxLen("data.choices", 25)
	}
	for i, c := range choices {
		p := fmt.Sprintf("data.choices.%d", i)
		if n := runes(c["name"]); n < 1 || n > 100 {
			return badLen(p+".name", 1, 100)
		}
		switch v := c["value"].(type) {
		case string:
			if utf8.RuneCountInString(v) > 100 {
				return maxLen(p+".value", 100)
			}
		case float64:
		default:
			return required(p + ".value")
		}
	}
	return nil
}
