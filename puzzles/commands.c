/* The commands of the puzzle front-ends, which the command line runs as
 * 'einsat NAME ...' (see 'fe_commands' in 'frontend.h'). */

#include "puzzle.h"

const fe_command fe_commands[] = {
    {"formula", "formulas with named variables: models, count, CNF",
     formula_main},
    {"nonogram", "solve a nonogram (paint by numbers) puzzle",
     nonogram_main},
    {"queens", "N queens: one solution, all, or the count", queens_main},
    {"sudoku", "solve, check or prove unique Sudoku puzzles", sudoku_main},
    {"zebra", "logic-grid puzzles, by default Einstein's riddle",
     zebra_main},
    {0, 0, 0},
};
