// ImageAnnotator+HeatMap: laying a coloured heat map (a class-activation or saliency map) over
// the photo, so one can see where a model looked.

extension ImageAnnotator {
    /// Stretches `heatMap` over the whole image with bilinear interpolation (cell centres at
    /// the centres of the image regions they cover, values held constant beyond the outer cell
    /// centres), colours each pixel's value with `colorMap` (Turbo: blue cold, red hot) and
    /// blends it over the photo at `opacity` (0 = photo only, 1 = colours only).
    public mutating func overlayHeatMap(_ heatMap: HeatMap, opacity: Double = 0.5, colorMap: ColorMap = .turbo) {
        guard opacity.isFinite else { return }
        canvas.overlay(heatMap, colorMap: colorMap, opacity: Float(min(max(opacity, 0), 1)))
    }
}
