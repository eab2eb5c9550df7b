// InstalledModel+TrainingResize: a backbone prepared with a shorter side of the trainer's choice
// instead of its own. Photos whose subject fills the frame (objects on a board, close-ups) keep
// more of it when the shorter side equals the crop; the trained model records the choice and is
// prepared the same way when used.
public import SightlineVision

extension InstalledModel {
    /// This model with photos resized so their shorter side is `shorterSide` before the centre
    /// crop; the model itself is unchanged.
    ///
    /// - Throws: `TrainingError.invalidOption` when `shorterSide` is smaller than the crop or
    ///   the model's input has no fixed size to crop to.
    public func resizingShorterSide(to shorterSide: Int) throws(TrainingError) -> InstalledModel {
        guard let width = manifest.input.width, let height = manifest.input.height else {
            throw TrainingError.invalidOption("\(name)'s input has no fixed width and height, so its resize cannot be chosen")
        }
        guard shorterSide >= max(width, height) else {
            throw TrainingError.invalidOption(
                "the shorter side must be at least \(name)'s crop (\(width)×\(height)), got \(shorterSide)")
        }
        var resized = self
        resized.manifest.input.resize = .shorterSideThenCenterCrop(shorterSide: shorterSide)
        return resized
    }

    /// The shorter side this model's photos are resized to before the centre crop; nil when
    /// they are resized straight to the input size.
    public var shorterSide: Int? {
        switch manifest.input.resize {
        case .shorterSideThenCenterCrop(let side): side
        case .none: nil
        }
    }
}
