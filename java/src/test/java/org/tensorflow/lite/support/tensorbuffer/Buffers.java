package org.tensorflow.lite.support.tensorbuffer;

import org.tensorflow.lite.DataType;

/** Test helper: the package-private constructors of every concrete buffer, by data type. */
final class Buffers {
  /** Every type the project's TensorBuffer supports. */
  static final DataType[] SUPPORTED = {
    DataType.FLOAT32, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64
  };

  private Buffers() {}

  static TensorBuffer fixed(DataType type, int[] shape) {
    switch (type) {
      case FLOAT32:
        return new TensorBufferFloat(shape);
      case UINT8:
        return new TensorBufferUint8(shape);
      case INT8:
        return new TensorBufferInt8(shape);
      case INT16:
        return new TensorBufferInt16(shape);
      case INT32:
        return new TensorBufferInt32(shape);
      case INT64:
        return new TensorBufferInt64(shape);
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  static TensorBuffer dynamic(DataType type) {
    switch (type) {
      case FLOAT32:
        return new TensorBufferFloat();
      case UINT8:
        return new TensorBufferUint8();
      case INT8:
        return new TensorBufferInt8();
      case INT16:
        return new TensorBufferInt16();
      case INT32:
        return new TensorBufferInt32();
      case INT64:
        return new TensorBufferInt64();
      default:
        throw new IllegalArgumentException(type.name());
    }
  }

  static Class<?> classOf(DataType type) {
    return dynamic(type).getClass();
  }
}
