// VectorMath: the two inner loops of logistic regression — dot products and scaled additions
// of Float vectors — written with SIMD registers so they run at the machine's vector width.

enum VectorMath {
    /// Σ a[i]·b[i] over `count` values, accumulated in eight lanes of two SIMD8 registers.
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var sum0 = SIMD8<Float>(), sum1 = SIMD8<Float>()
        var index = 0
        let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
        let stride = MemoryLayout<Float>.stride
        while index + 16 <= count {
            sum0 += rawA.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
            sum1 += rawA.loadUnaligned(fromByteOffset: (index + 8) * stride, as: SIMD8<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: (index + 8) * stride, as: SIMD8<Float>.self)
            index += 16
        }
        var total = (sum0 + sum1).sum()
        while index < count {
            total += a[index] * b[index]
            index += 1
        }
        return total
    }

    /// y[i] += alpha·x[i] over `count` values.
    static func addScaled(_ alpha: Float, _ x: UnsafePointer<Float>, to y: UnsafeMutablePointer<Float>, count: Int) {
        var index = 0
        let rawX = UnsafeRawPointer(x), rawY = UnsafeMutableRawPointer(y)
        let stride = MemoryLayout<Float>.stride
        let scale = SIMD8<Float>(repeating: alpha)
        while index + 8 <= count {
            let sum = rawY.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
                + scale * rawX.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
            rawY.storeBytes(of: sum, toByteOffset: index * stride, as: SIMD8<Float>.self)
            index += 8
        }
        while index < count {
            y[index] += alpha * x[index]
            index += 1
        }
    }
}
