class PostListRemoteDataManager: PostListRemoteDataManagerInputProtocol {
    func retrievePostList(completion: @escaping ([PostModel]) -> Void) {
        completion([PostModel(id: 1, title: "Getting started with VIPER", imageUrl: "", thumbImageUrl: "")])
    }
}
