package io.llmharness.report.chart;

/** Series colors (Tableau 10: distinct, print- and colour-blind-friendly), shared by the SVG and PNG drawings. */
public final class Palette {

    private static final String[] HEX = {
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
    };

    /** Grey for stage boundaries and grid lines. */
    public static final String GREY = "#8c8c8c";

    private Palette() {}

    /** The color of a palette index as {@code #rrggbb} (indices wrap around). */
    public static String hex(int index) {
        return HEX[Math.floorMod(index, HEX.length)];
    }

    /** The color of a palette index as 0xRRGGBB. */
    public static int rgb(int index) {
        return Integer.parseInt(hex(index).substring(1), 16);
    }
}
