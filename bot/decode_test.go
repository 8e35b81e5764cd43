package bot

import (
	"bytes"
	"encoding/json"
)

func newDecoder(data []byte) *json.Decoder { return json.NewDecoder(bytes.NewReader(data)) }

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
