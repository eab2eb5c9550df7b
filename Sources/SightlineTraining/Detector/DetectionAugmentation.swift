// DetectionAugmentation: how a training photo is varied for each epoch of detector training,
// with its boxes moved along — labelled objects cut from other training photos pasted in
// ("copy-paste"; Dwibedi et al., 2017, Ghiasi et al., 2021; the class drawn first, uniformly,
// so rare classes are pasted as often as common ones), a random crop (zooming in), a mirror and
// a colour change — drawn from a seeded generator, so a seed gives the same epochs.
import Foundation
import SightlineImaging
import SightlineVision

/// A labelled object cut out of a training photo, to be pasted into others.
struct ObjectPatch: Sendable {
    let image: RGBImage
    let classIndex: Int

    /// The objects of `photos` as patches grouped by class, classes without patches left out
    /// (objects at least `minimumSide` pixels on each side, shrunk to at most `maximumSide` on
    /// the longer).
    static func patchesByClass(of photos: [DetectionTrainingPhoto], minimumSide: Int = 12, maximumSide: Int = 192)
        -> [[ObjectPatch]] {
        var patches: [ObjectPatch] = []
        for photo in photos {
            let size = photo.image.size
            for object in photo.objects {
                let rect = ImageRect(x: Int((object.box.x * Double(size.width)).rounded()),
                                     y: Int((object.box.y * Double(size.height)).rounded()),
                                     width: Int((object.box.width * Double(size.width)).rounded()),
                                     height: Int((object.box.height * Double(size.height)).rounded()))
                guard rect.width >= minimumSide, rect.height >= minimumSide, rect.isNonEmptyAndInside(size) else { continue }
                var patch = photo.image.cropped(to: rect)
                let scale = Double(maximumSide) / Double(max(rect.width, rect.height))
                if scale < 1 {
                    patch = patch.resized(width: max(1, Int(Double(rect.width) * scale)), height: max(1, Int(Double(rect.height) * scale)))
                }
                patches.append(ObjectPatch(image: patch, classIndex: object.classIndex))
            }
        }
        return Dictionary(grouping: patches, by: \.classIndex).sorted { $0.key < $1.key }.map(\.value)
    }
}

struct DetectionAugmentation: Sendable {
    /// The chance that a photo gets pasted objects, and how many at most.
    var pasteProbability = 0.5
    var maximumPasted = 3
    /// A pasted object's longer side as a fraction of the photo's shorter side.
    var pastedSize: ClosedRange<Double> = 0.12 ... 0.45
    /// The fraction of the photo's area a crop keeps (1: no crop), and the chance of cropping.
    var cropArea: ClosedRange<Double> = 0.45 ... 1
    var cropProbability = 0.6
    /// A box keeps its label after a crop only if at least this fraction of it stays inside.
    var minimumVisibleFraction = 0.4
    var flips = true
    var brightness: ClosedRange<Double> = 0.75 ... 1.25
    var contrast: ClosedRange<Double> = 0.75 ... 1.25
    var saturation: ClosedRange<Double> = 0.7 ... 1.3

    /// One augmented version of `photo`.
    func augmented(_ photo: DetectionTrainingPhoto, patches: [[ObjectPatch]],
                   using generator: inout SeededRandomGenerator) -> (image: RGBImage, objects: [GroundTruthObject]) {
        var image = photo.image
        var boxes = photo.objects.map { object in
            (object.classIndex, object.box.x * Double(image.width), object.box.y * Double(image.height),
             (object.box.x + object.box.width) * Double(image.width), (object.box.y + object.box.height) * Double(image.height))
        }
        if !patches.isEmpty && generator.nextUnit() < pasteProbability {
            let count = 1 + generator.index(below: maximumPasted)
            for _ in 0 ..< count {
                let ofClass = patches[generator.index(below: patches.count)]
                let patch = ofClass[generator.index(below: ofClass.count)]
                let longer = generator.uniform(pastedSize) * Double(min(image.width, image.height))
                let scale = longer / Double(max(patch.image.width, patch.image.height))
                let width = max(4, Int(Double(patch.image.width) * scale)), height = max(4, Int(Double(patch.image.height) * scale))
                guard width < image.width, height < image.height else { continue }
                // A few tries at a place that covers little of the boxes already there.
                for _ in 0 ..< 6 {
                    let x = generator.index(below: image.width - width + 1), y = generator.index(below: image.height - height + 1)
                    let pasted = (Double(x), Double(y), Double(x + width), Double(y + height))
                    let covers = boxes.contains { box in
                        let overlap = max(0, min(box.3, pasted.2) - max(box.1, pasted.0)) * max(0, min(box.4, pasted.3) - max(box.2, pasted.1))
                        return overlap > 0.25 * (box.3 - box.1) * (box.4 - box.2)
                    }
                    guard !covers else { continue }
                    let resized = patch.image.flippedHorizontallyIf(generator.nextUnit() < 0.5).resized(width: width, height: height)
                    image.paste(resized, atX: x, y: y)
                    boxes.append((patch.classIndex, pasted.0, pasted.1, pasted.2, pasted.3))
                    break
                }
            }
        }
        if generator.nextUnit() < cropProbability {
            let area = generator.uniform(cropArea)
            let aspect = exp(generator.uniform(log(0.75) ... log(4.0 / 3)))
            let width = min(image.width, max(8, Int((area * aspect).squareRoot() * Double(image.width))))
            let height = min(image.height, max(8, Int((area / aspect).squareRoot() * Double(image.height))))
            let x = generator.index(below: image.width - width + 1), y = generator.index(below: image.height - height + 1)
            image = image.cropped(to: ImageRect(x: x, y: y, width: width, height: height))
            boxes = boxes.compactMap { box in
                let x1 = max(box.1 - Double(x), 0), y1 = max(box.2 - Double(y), 0)
                let x2 = min(box.3 - Double(x), Double(width)), y2 = min(box.4 - Double(y), Double(height))
                guard x2 - x1 >= 2, y2 - y1 >= 2,
                      (x2 - x1) * (y2 - y1) >= minimumVisibleFraction * (box.3 - box.1) * (box.4 - box.2) else { return nil }
                return (box.0, x1, y1, x2, y2)
            }
        }
        if flips && generator.nextUnit() < 0.5 {
            image = image.flippedHorizontally()
            let width = Double(image.width)
            boxes = boxes.map { ($0.0, width - $0.3, $0.2, width - $0.1, $0.4) }
        }
        image = image.adjustingColor(ColorAdjustment(brightness: generator.uniform(brightness),
                                                     contrast: generator.uniform(contrast),
                                                     saturation: generator.uniform(saturation)))
        let size = (Double(image.width), Double(image.height))
        let objects = boxes.map { box in
            GroundTruthObject(classIndex: box.0, box: NormalizedRect(x: box.1 / size.0, y: box.2 / size.1,
                                                                     width: (box.3 - box.1) / size.0, height: (box.4 - box.2) / size.1))
        }
        return (image, objects)
    }
}

extension RGBImage {
    /// This image mirrored when `condition` holds, else itself.
    func flippedHorizontallyIf(_ condition: Bool) -> RGBImage {
        condition ? flippedHorizontally() : self
    }

    /// Copies `other` over this image with its top-left corner at (x, y); it must fit.
    mutating func paste(_ other: RGBImage, atX x: Int, y: Int) {
        precondition(x >= 0 && y >= 0 && x + other.width <= width && y + other.height <= height, "the pasted image must fit")
        var result = pixels
        let rowBytes = other.width * 3
        other.pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for row in 0 ..< other.height {
                    let targetStart = ((y + row) * width + x) * 3
                    for index in 0 ..< rowBytes { target[targetStart + index] = source[row * rowBytes + index] }
                }
            }
        }
        self = RGBImage(width: width, height: height, pixels: result)
    }
}
