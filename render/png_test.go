package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestWritePalettedPNG checks that the PNG writer's files decode to the
// picture's pixels, for a picture whose bounds do not start at the origin,
// and that it refuses what it cannot write.
func TestWritePalettedPNG(t *testing.T) {
	pal := color.Palette{rgb(0x000000), rgb(0xff0000), rgb(0x00ff00), rgb(0x123456)}
	img := image.NewPaletted(image.Rect(3, 5, 40, 21), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8((i*7 + i/37) % len(pal))
	}
	var buf bytes.Buffer
	if err := writePalettedPNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if got.Bounds().Size() != img.Rect.Size() {
		t.Fatalf("size %v, want %v", got.Bounds().Size(), img.Rect.Size())
	}
	for y := range img.Rect.Dy() {
		for x := range img.Rect.Dx() {
			want := img.At(img.Rect.Min.X+x, img.Rect.Min.Y+y)
			if g := color.RGBAModel.Convert(got.At(x, y)); g != color.RGBAModel.Convert(want) {
				t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, g, want)
			}
		}
	}
	if err := writePalettedPNG(&buf, image.NewPaletted(image.Rectangle{}, pal)); err == nil {
		t.Error("an empty picture was written, want an error")
	}
	big := make(color.Palette, 257)
	for i := range big {
		big[i] = rgb(uint32(i))
	}
	if err := writePalettedPNG(&buf, image.NewPaletted(image.Rect(0, 0, 2, 2), big)); err == nil {
		t.Error("a picture of 257 colours was written, want an error")
	}
	werr := errors.New("disk full")
	if err := writePalettedPNG(failWriter{werr}, img); !errors.Is(err, werr) {
		t.Errorf("writing to a failing writer returned %v, want %v", err, werr)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }
