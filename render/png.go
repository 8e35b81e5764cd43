package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// The paletted pictures are written by writePalettedPNG rather than
// image/png, whose encoder cannot take another compressor: once the board
// picture was drawn in the palette, deflate was three quarters of its
// time, and klauspost/compress's is faster than the standard library's
// and its output a little smaller.

// pngLevel is the zlib compression level of the paletted pictures. On the
// finished 72-tile board of BenchmarkEncodeBoard (1986 × 1214 pixels), with
// one processor: the standard library at png.BestSpeed took 10.4 ms for
// 132 KB; klauspost level 1 6.3 ms for 127 KB, level 2 7.8 ms for 128 KB,
// level 3 8.3 ms for 124 KB, level 5 9.6 ms for 116 KB. Level 1 saved
// about 40% of the whole BoardPNG time (10.4 → 6.3 ms of about 12.5 ms).
const pngLevel = zlib.BestSpeed

// pngWriter is the work space of one PNG: the filtered rows, the
// compressed data and the compressor. pngWriters are pooled.
type pngWriter struct {
	raw  []byte
	data bytes.Buffer
	zw   *zlib.Writer
}

var pngWriters = sync.Pool{New: func() any {
	zw, err := zlib.NewWriterLevel(nil, pngLevel)
	if err != nil {
		// pngLevel is a constant in range.
		panic("render: " + err.Error())
	}
	return &pngWriter{zw: zw}
}}

// pngSignature starts every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// writePalettedPNG writes img to w as an 8-bit paletted PNG: its palette
// (at most 256 colours, all opaque), every row unfiltered (filters do not
// pay on paletted pictures), compressed at pngLevel. It returns w's error,
// or an error for an empty picture or a palette of more than 256 colours.
func writePalettedPNG(w io.Writer, img *image.Paletted) error {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	if width <= 0 || height <= 0 || uint64(width) >= 1<<31 || uint64(height) >= 1<<31 {
		return errors.New("render: cannot write an empty picture")
	}
	if len(img.Palette) == 0 || len(img.Palette) > 256 {
		return errors.New("render: a paletted PNG needs 1 to 256 colours")
	}
	pw := pngWriters.Get().(*pngWriter)
	defer pngWriters.Put(pw)

	n := height * (width + 1)
	if cap(pw.raw) < n {
		pw.raw = make([]byte, n)
	}
	raw := pw.raw[:n]
	for y := range height {
		row := raw[y*(width+1) : (y+1)*(width+1)]
		row[0] = 0 // filter: none
		o := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y)
		copy(row[1:], img.Pix[o:o+width])
	}
	pw.data.Reset()
	pw.zw.Reset(&pw.data)
	if _, err := pw.zw.Write(raw); err != nil {
		return err
	}
	if err := pw.zw.Close(); err != nil {
		return err
	}

	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(width))
	binary.BigEndian.PutUint32(hdr[4:], uint32(height))
	hdr[8] = 8  // bits per index
	hdr[9] = 3  // colour type: paletted
	hdr[10] = 0 // deflate
	hdr[11] = 0 // adaptive filtering
	hdr[12] = 0 // not interlaced
	plte := make([]byte, 3*len(img.Palette))
	for i, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		plte[3*i], plte[3*i+1], plte[3*i+2] = uint8(r>>8), uint8(g>>8), uint8(b>>8)
	}
	if _, err := w.Write(pngSignature); err != nil {
		return err
	}
	for _, ch := range [...]struct {
		kind string
		data []byte
	}{{"IHDR", hdr[:]}, {"PLTE", plte}, {"IDAT", pw.data.Bytes()}, {"IEND", nil}} {
		if err := writeChunk(w, ch.kind, ch.data); err != nil {
			return err
		}
	}
	return nil
}

// writeChunk writes one PNG chunk: length, kind, data and CRC.
func writeChunk(w io.Writer, kind string, data []byte) error {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, b := range [][]byte{head[:], data, tail[:]} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}
