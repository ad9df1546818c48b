/* Writing a black-and-white picture as SVG: a white background and one
 * path with a rectangle per horizontal run of black cells, drawn with
 * crisp edges so that the cells keep their sharp corners when scaled. */

#include "puzzle.h"

static void write_runs (FILE *file, const puzzle_picture *p, int scale,
                        int border) {
  for (int row = 0; row < p->height; row++) {
    const unsigned char *black = p->black + row * p->width;
    for (int col = 0; col < p->width;) {
      if (!black[col]) {
        col++;
        continue;
      }
      int start = col;
      while (col < p->width && black[col])
        col++;
      fprintf (file, "M%d %dh%dv%dh-%dz", (start + border) * scale,
               (row + border) * scale, (col - start) * scale, scale,
               (col - start) * scale);
    }
    fputc ('\n', file);
  }
}

bool puzzle_write_svg (const puzzle_picture *p, int scale, int border,
                       fe_output *out) {
  if (!fe_begin_output (out))
    return false;
  FILE *file = out->file;
  int width = (p->width + 2 * border) * scale;
  int height = (p->height + 2 * border) * scale;
  fprintf (file,
           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
           "height=\"%d\" viewBox=\"0 0 %d %d\" "
           "shape-rendering=\"crispEdges\">\n"
           "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n"
           "<path fill=\"black\" d=\"\n",
           width, height, width, height, width, height);
  write_runs (file, p, scale, border);
  fputs ("\"/>\n</svg>\n", file);
  return fe_close_output (out);
}
